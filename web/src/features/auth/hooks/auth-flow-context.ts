import { createContext, useContext } from 'react';

export type AuthTab = 'login' | 'register';

export interface AuthFlow {
  openAuthDialog(tab?: AuthTab): void;
  closeAuthDialog(): void;
}

export const AuthFlowContext = createContext<AuthFlow | null>(null);

export function useAuthFlow(): AuthFlow {
  const value = useContext(AuthFlowContext);
  if (!value) throw new Error('useAuthFlow must be used inside <AuthFlowProvider>');
  return value;
}

import { createContext, useContext } from 'react';

export type AuthTab = 'login' | 'register';

export interface AuthFlow {
  openAuthDialog(tab?: AuthTab): void;
  closeAuthDialog(): void;
  /** A registration answered with a reward card: the app shows the card dialog. */
  announceCardReward(file: string): void;
}

export const AuthFlowContext = createContext<AuthFlow | null>(null);

export function useAuthFlow(): AuthFlow {
  const value = useContext(AuthFlowContext);
  if (!value) throw new Error('useAuthFlow must be used inside <AuthFlowProvider>');
  return value;
}

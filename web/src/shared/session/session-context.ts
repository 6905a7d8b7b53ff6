import { createContext, useContext } from 'react';
import type { AuthSession, SelfUser } from '@portal/contracts';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface SessionContextValue {
  status: SessionStatus;
  user: SelfUser | null;
  token: string | null;
  signIn(session: AuthSession): void;
  signOut(): void;
  updateUser(user: SelfUser): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthSession, SelfUser } from '@portal/contracts';
import { isApiError } from '../api/api-error';
import { onSessionExpired } from '../api/session-expiry';
import { tokenStorage, type StoredSession } from '../api/token-storage';
import { SessionContext, type SessionContextValue, type SessionStatus } from './session-context';
import { verifySessionQueryOptions } from './session-api';
import { isSessionTrustedOnPath } from './session-trust';

interface SessionState {
  token: string | null;
  user: SelfUser | null;
  /** True when the token must be confirmed by GET /auth/verify before it is believed. */
  mustVerify: boolean;
  /** A stored session waits for the check; a fresh sign-in is shown at once while it is re-verified. */
  source: 'storage' | 'sign-in';
}

const SIGNED_OUT: SessionState = { token: null, user: null, mustVerify: false, source: 'storage' };

export interface SessionProviderProps {
  children: ReactNode;
  /** Overrides local storage (stories and tests). */
  initialSession?: StoredSession | null;
}

export function SessionProvider({ children, initialSession }: SessionProviderProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => {
    const stored = initialSession === undefined ? tokenStorage.read() : initialSession;
    if (!stored) return SIGNED_OUT;
    // A trusted path with a stored user skips the server check (SPEC.md section 2, "Session trust by path").
    const trusted = isSessionTrustedOnPath(pathname) && stored.user !== null;
    return { token: stored.token, user: stored.user, mustVerify: !trusted, source: 'storage' };
  });

  const verification = useQuery({
    ...verifySessionQueryOptions(state.token ?? ''),
    enabled: state.mustVerify && state.token !== null,
  });

  const verifiedUser = verification.data?.user ?? null;
  const rejected = verification.isError && isApiError(verification.error) && verification.error.status === 401;

  useEffect(() => {
    if (verifiedUser && state.token) tokenStorage.save(state.token, verifiedUser);
  }, [verifiedUser, state.token]);

  useEffect(() => {
    // A failed verification clears the stored session; the rendered state is derived from `rejected`.
    if (rejected) tokenStorage.clear();
  }, [rejected]);

  const signOut = useCallback(() => {
    tokenStorage.clear();
    queryClient.removeQueries({ queryKey: ['session'] });
    setState(SIGNED_OUT);
  }, [queryClient]);

  useEffect(
    () =>
      onSessionExpired(() => {
        setState(SIGNED_OUT);
        navigate('/login', { replace: true });
      }),
    [navigate],
  );

  const signIn = useCallback((session: AuthSession) => {
    tokenStorage.save(session.token, session.user);
    // Login stores token and user, then re-verifies; a rejected token clears both (SPEC.md section 4).
    setState({ token: session.token, user: session.user, mustVerify: true, source: 'sign-in' });
  }, []);

  const updateUser = useCallback(
    (user: SelfUser) => {
      tokenStorage.saveUser(user);
      setState((current) => ({ ...current, user }));
      // The verified user is shown before the stored one: it must change too (a saved setting, a new rank).
      queryClient.setQueriesData<{ user: SelfUser }>({ queryKey: ['session', 'verify'] }, (previous) => (previous ? { ...previous, user } : previous));
    },
    [queryClient],
  );

  const user = rejected ? null : (verifiedUser ?? state.user);
  const token = rejected ? null : state.token;
  const status = deriveStatus({ ...state, token }, user, verification.isPending);

  const value = useMemo<SessionContextValue>(
    () => ({ status, user: status === 'authenticated' ? user : null, token, signIn, signOut, updateUser }),
    [status, user, token, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function deriveStatus(state: SessionState, user: SelfUser | null, verifying: boolean): SessionStatus {
  if (!state.token) return 'anonymous';
  if (state.mustVerify && verifying && state.source === 'storage') return 'checking';
  return user ? 'authenticated' : 'anonymous';
}

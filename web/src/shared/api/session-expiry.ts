import { shouldSignOutOn401 } from './unauthorized-rule';
import { tokenStorage } from './token-storage';

type SessionExpiredListener = () => void;

const listeners = new Set<SessionExpiredListener>();

/** The session provider subscribes here to drop the user and go to /login. */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the HTTP client for every 401; applies the sign-out rule against the current page. */
export function handleUnauthorizedResponse(endpoint: string, pathname: string = window.location.pathname): boolean {
  if (!shouldSignOutOn401(endpoint, pathname)) return false;
  tokenStorage.clear();
  listeners.forEach((listener) => listener());
  return true;
}

import type { SelfUser } from '@portal/contracts';
import { sessionHintCarries, setSessionHint } from './session-hint';

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export interface StoredSession {
  token: string;
  user: SelfUser | null;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const tokenStorage = {
  getToken(): string | null {
    return safeStorage()?.getItem(TOKEN_KEY) ?? null;
  },
  read(): StoredSession | null {
    const storage = safeStorage();
    const token = storage?.getItem(TOKEN_KEY);
    if (!storage || !token) return null;
    // Sessions stored before the hint existed (or carried the token) get it on their next visit.
    if (!sessionHintCarries(token)) setSessionHint(token);
    return { token, user: parseUser(storage.getItem(USER_KEY)) };
  },
  save(token: string, user: SelfUser): void {
    const storage = safeStorage();
    storage?.setItem(TOKEN_KEY, token);
    storage?.setItem(USER_KEY, JSON.stringify(user));
    setSessionHint(token);
  },
  saveUser(user: SelfUser): void {
    safeStorage()?.setItem(USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    const storage = safeStorage();
    storage?.removeItem(TOKEN_KEY);
    storage?.removeItem(USER_KEY);
    setSessionHint(null);
  },
};

function parseUser(raw: string | null): SelfUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && 'username' in value ? (value as SelfUser) : null;
  } catch {
    return null;
  }
}

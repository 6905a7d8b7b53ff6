import { AUTH_MESSAGES, type AuthenticatedUser, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { type AccountDirectory, RpcError } from '@portal/platform';
import type { Accounts } from '../accounts/accounts';
import type { UserRef } from '../accounts/user-refs.repository';

/**
 * What auth answers the community about accounts, in memory: who is an admin now, the public
 * profiles, and whether auth is reachable. Each role question is recorded (`roleChecks`: the ids
 * asked about), so a test can assert auth was, or was not, asked.
 */
export class FakeAccounts implements Pick<Accounts, 'isAdmin' | 'isAdminOrNot' | 'profileOf'> {
  readonly admins = new Set<string>();
  readonly profiles = new Map<string, UserRef>();
  readonly roleChecks: string[] = [];
  readonly profileLookups: string[] = [];
  /** Auth does not answer: role questions fail with 503, profile lookups fall back to the username. */
  down = false;

  isAdmin(user: AuthenticatedUser): Promise<boolean> {
    this.roleChecks.push(user.id);
    if (this.down) return Promise.reject(RpcError.of(ErrorCode.ServiceUnavailable, GENERIC_MESSAGES.serviceUnavailable));
    return Promise.resolve(this.admins.has(user.id));
  }

  isAdminOrNot(user: AuthenticatedUser): Promise<boolean> {
    return this.isAdmin(user).catch(() => false);
  }

  profileOf(user: AuthenticatedUser): Promise<UserRef> {
    this.profileLookups.push(user.id);
    const profile = this.down ? undefined : this.profiles.get(user.id);
    return Promise.resolve(profile ?? { id: user.id, username: user.username, displayName: user.username, avatar: null, rank: null });
  }
}

/** auth's directory of nicknames: `idOf` answers the id, or auth's 404 «Пользователь не найден». */
export class FakeAccountDirectory implements Pick<AccountDirectory, 'idOf'> {
  readonly ids = new Map<string, string>();

  idOf(username: string): Promise<string> {
    const id = [...this.ids].find(([name]) => name.toLowerCase() === username.toLowerCase())?.[1];
    return id ? Promise.resolve(id) : Promise.reject(RpcError.of(ErrorCode.NotFound, AUTH_MESSAGES.userNotFound));
  }
}

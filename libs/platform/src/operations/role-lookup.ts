import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser, CallerRoles } from '@portal/contracts';
import { requestContext } from '../request-context';
import { ServiceRpc } from '../service-rpc';

/**
 * How a service learns whether the caller is an admin, or an uploader, now (never from the token): auth
 * reads its own table, the others ask auth. A service with admin or uploader operations provides one.
 */
export abstract class RoleLookup {
  abstract rolesOf(user: AuthenticatedUser): Promise<CallerRoles>;

  async isAdmin(user: AuthenticatedUser): Promise<boolean> {
    return (await this.rolesOf(user)).isAdmin;
  }
}

/** The role as auth knows it now, asked under the caller's request; a failure of auth reaches the caller (503). */
@Injectable()
export class RoleLookupFromAuth extends RoleLookup {
  constructor(protected readonly rpc: ServiceRpc) {
    super();
  }

  rolesOf(user: AuthenticatedUser): Promise<CallerRoles> {
    return this.rpc.send('auth.access.check', {}, { requestId: requestContext.requestId(), user });
  }
}

/** Accounts by the nickname public pages name them by, asked of auth under the caller's request. */
@Injectable()
export class AccountDirectory {
  constructor(private readonly rpc: ServiceRpc) {}

  /** The account's id (auth matches the nickname in any case); auth's 404 «Пользователь не найден» otherwise. */
  async idOf(username: string): Promise<string> {
    return (await this.rpc.send('auth.user.profile', { username })).id;
  }
}

import type { AuthenticatedUser } from '@portal/contracts';

/**
 * How a service learns whether the caller is an admin now (never from the token): auth reads its own
 * table, the others ask auth. A service with admin operations provides one.
 */
export abstract class RoleLookup {
  abstract isAdmin(user: AuthenticatedUser): Promise<boolean>;
}

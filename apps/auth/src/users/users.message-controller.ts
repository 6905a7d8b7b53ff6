import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, ProfileUpdate } from '@portal/contracts';
import { ACCOUNTS_OPERATIONS, SESSION_OPERATIONS } from '@portal/contracts/operations';
import type { UsersPageQuery } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { UsersService } from './services/users.service';

/** Accounts (ACCOUNTS_OPERATIONS): public profiles and nicknames, the admins' list and roles, and one's own profile. */
@Controller()
export class UsersMessageController {
  constructor(private readonly users: UsersService) {}

  @HandlesOperation(ACCOUNTS_OPERATIONS.checkUsername)
  checkUsername(@Input() { username }: { username: string }) {
    return this.users.checkUsername(username);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.profile)
  profile(@Input() { username }: { username: string }) {
    return this.users.publicProfile(username);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.byId)
  profileById(@Input() { userId }: { userId: string }) {
    return this.users.publicProfileById(userId);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.namesByIds)
  namesByIds(@Input() { userIds }: { userIds: string[] }) {
    return this.users.namesByIds(userIds);
  }

  @HandlesOperation(SESSION_OPERATIONS.updateProfile)
  updateProfile(@Input() changes: ProfileUpdate, @Caller() user: AuthenticatedUser) {
    return this.users.updateProfile(user.id, changes);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.list)
  list(@Input() { page, limit, q }: UsersPageQuery) {
    return this.users.list(page, limit, q);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.setAdmin)
  setAdmin(@Input() { id, isAdmin }: { id: string; isAdmin: boolean }, @Caller() admin: AuthenticatedUser) {
    return this.users.setAdmin(admin, id, isAdmin);
  }

  @HandlesOperation(ACCOUNTS_OPERATIONS.setUploader)
  setUploader(@Input() { id, isUploader }: { id: string; isUploader: boolean }, @Caller() admin: AuthenticatedUser) {
    return this.users.setUploader(admin, id, isUploader);
  }

  /** Whether the caller is an admin now (the gateway's guard, other services' RoleLookupFromAuth); a guest is refused (401). */
  @HandlesOperation(ACCOUNTS_OPERATIONS.access)
  access(@Caller() user: AuthenticatedUser | undefined) {
    return this.users.accessOf(user?.id);
  }
}

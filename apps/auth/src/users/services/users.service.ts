import { Inject, Injectable } from '@nestjs/common';
import {
  type AdminUserRow,
  AUTH_MESSAGES,
  type AuthenticatedUser,
  type CallerRoles,
  isAdminUser,
  isUploaderUser,
  type Page,
  type ProfileUpdate,
  type PublicUser,
  type SelfUser,
  type UserName,
  type UsernameAvailability,
  usernameFormatError,
} from '@portal/contracts';
import { OutboxPublisher, SanctionLookup } from '@portal/messaging';
import { AuthErrors } from '../../auth.errors';
import { containsBadWord } from '../../registration/services/bad-words';
import type { UserEntity } from '../entities/user.entity';
import { toPublicUser, toSelfUser } from '../user.mapper';
import { UsersRepository } from '../users.repository';
import { PROFILE_IMAGE_MESSAGE } from '@portal/contracts/schemas';
import { RpcError } from '@portal/platform';

export const PROFILE_IMAGE_HOSTS = Symbol('PROFILE_IMAGE_HOSTS');

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly outbox: OutboxPublisher,
    private readonly sanctions: SanctionLookup,
    @Inject(PROFILE_IMAGE_HOSTS) private readonly imageHosts: string[],
  ) {}

  async checkUsername(username: string): Promise<UsernameAvailability> {
    const formatError = usernameFormatError(username);
    if (formatError) return { available: false, message: formatError };
    if (containsBadWord(username)) return { available: false, message: AUTH_MESSAGES.usernameBadWords };
    if (await this.users.usernameExists(username.trim())) return { available: false, message: AUTH_MESSAGES.usernameTaken };
    return { available: true, message: AUTH_MESSAGES.usernameFree };
  }

  async publicProfile(username: string): Promise<PublicUser> {
    const user = await this.users.findByUsername(username);
    if (!user) throw AuthErrors.userNotFound();
    return toPublicUser(user);
  }

  async publicProfileById(userId: string): Promise<PublicUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AuthErrors.userNotFound();
    return toPublicUser(user);
  }

  async namesByIds(userIds: string[]): Promise<UserName[]> {
    const rows = await this.users.namesByIds([...new Set(userIds)]);
    return rows.map(({ id, username }) => ({ id, username }));
  }

  async updateProfile(userId: string | undefined, changes: ProfileUpdate): Promise<SelfUser> {
    this.checkImageHosts(changes);
    const user = await this.requireUser(userId);
    const changedFields = (Object.keys(changes) as (keyof ProfileUpdate)[]).filter((field) => changes[field] !== undefined && changes[field] !== user[field]);
    if (changedFields.length === 0) return toSelfUser(user);
    Object.assign(user, Object.fromEntries(changedFields.map((field) => [field, changes[field]])));
    return this.saveWithEvent(user, changedFields);
  }

  /** An address (not one of our uploads) must be on an allowed host: a foreign server would see every viewer's IP. */
  private checkImageHosts(changes: ProfileUpdate) {
    for (const field of ['avatar', 'profileBanner'] as const) {
      const value = changes[field];
      if (!value?.startsWith('https://')) continue;
      if (!this.imageHosts.includes(new URL(value).hostname)) {
        throw RpcError.validation([{ field, message: PROFILE_IMAGE_MESSAGE }]);
      }
    }
  }

  /** The admins' list: auth owns the accounts, moderation the restrictions (each row gets what moderation publishes for it, ≤ 2 s old). */
  async list(page: number, limit: number, prefix?: string): Promise<Page<AdminUserRow>> {
    const [users, total] = await this.users.page(page, limit, prefix);
    const items = await Promise.all(users.map(async (user) => ({ ...toSelfUser(user), ...(await this.sanctions.ofUser(user.id)) })));
    return { items, page, limit, total };
  }

  /**
   * Grants or revokes the admin role. An admin cannot revoke their own (the site would be left without
   * the one who noticed); the change and its audit event (`auth.user.role.changed`, before and after,
   * who did it) are written in one transaction.
   */
  async setAdmin(actor: AuthenticatedUser, targetId: string, isAdmin: boolean): Promise<SelfUser> {
    if (!isAdmin && actor.id === targetId) throw AuthErrors.ownAdminFlag();
    const target = await this.users.findById(targetId);
    if (!target) throw AuthErrors.userNotFound();
    return this.changeRole(actor, target, ['isAdmin', 'group'], () => {
      target.isAdmin = isAdmin;
      // Revoking must also clear the admin group, since either one grants the role.
      if (!isAdmin && target.group === 'admin') target.group = 'user';
    });
  }

  /** Grants or revokes the uploader role (episode uploads), audited as the admin role is. */
  async setUploader(actor: AuthenticatedUser, targetId: string, isUploader: boolean): Promise<SelfUser> {
    const target = await this.users.findById(targetId);
    if (!target) throw AuthErrors.userNotFound();
    return this.changeRole(actor, target, ['isUploader'], () => {
      target.isUploader = isUploader;
    });
  }

  /** Applies `change` to the target's role and writes it with its audit event (before and after, who did it) in one transaction. */
  private async changeRole(actor: AuthenticatedUser, target: UserEntity, changedFields: string[], change: () => void): Promise<SelfUser> {
    const roleOf = (user: UserEntity) => ({ isAdmin: user.isAdmin, group: user.group, isUploader: user.isUploader });
    const before = roleOf(target);
    change();
    const after = roleOf(target);
    const saved = await this.users.transaction(async (manager) => {
      const result = await manager.save(target);
      const { username, displayName, avatar, rank } = result;
      await this.outbox.publish(manager, 'auth.user.updated', { userId: target.id, changedFields, user: { username, displayName, avatar, rank } });
      await this.outbox.publish(manager, 'auth.user.role.changed', { userId: target.id, actorId: actor.id, before, after });
      return result;
    });
    this.outbox.afterCommit();
    return toSelfUser(saved);
  }

  /** An operator's action from the command line, so there is no acting user to check. */
  async grantAdminByEmail(email: string): Promise<SelfUser> {
    const user = await this.users.findByEmail(email.trim());
    if (!user) throw AuthErrors.userNotFound();
    user.isAdmin = true;
    return this.saveWithEvent(user, ['isAdmin']);
  }

  async accessOf(userId: string | undefined): Promise<CallerRoles> {
    const user = await this.requireUser(userId);
    return { isAdmin: isAdminUser(user), isUploader: isUploaderUser(user) };
  }

  private async saveWithEvent(user: UserEntity, changedFields: string[]): Promise<SelfUser> {
    const saved = await this.users.transaction(async (manager) => {
      const result = await manager.save(user);
      const { username, displayName, avatar, rank } = result;
      await this.outbox.publish(manager, 'auth.user.updated', { userId: user.id, changedFields, user: { username, displayName, avatar, rank } });
      return result;
    });
    this.outbox.afterCommit();
    return toSelfUser(saved);
  }

  private async requireUser(userId: string | undefined): Promise<UserEntity> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw AuthErrors.unauthorized();
    return user;
  }
}

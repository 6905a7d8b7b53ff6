import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  BAN_ESCALATION_DAYS,
  BAN_MESSAGES,
  type AuthenticatedUser,
  type BanRequest,
  type ChatMute,
  type ChatMuteRequest,
  ErrorCode,
  type NicknameReset,
  type PublicUser,
  type RpcMeta,
  type UserBan,
  type UserSanction,
  type UserSanctionRequest,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AuditLogRepository } from '../../audit-log/audit-log.repository';
import { ServiceRpc } from '@portal/platform';
import { BansRepository, type ChatMuteRow, toChatMute, toUserBan, type UserBanRow } from '../bans.repository';
import { SanctionStore } from './sanction-store';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a ban without an end given ends: by the count of the user's earlier bans (1 day, 7 days, then never). */
export function escalatedUntil(earlierBans: number, now: Date): Date | null {
  const days = BAN_ESCALATION_DAYS[Math.min(earlierBans, BAN_ESCALATION_DAYS.length - 1)];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

const banState = (row: UserBanRow | null) => (row ? { id: row.id, kind: row.kind, reason: row.reason, until: row.until?.toISOString() ?? null } : null);
const muteState = (row: ChatMuteRow | null) => (row ? { id: row.id, reason: row.reason, until: row.until.toISOString() } : null);

/**
 * Warnings, bans and chat mutes of users, and nickname resets (docs/moderation.md, «Bans»). Each
 * writes its row, the audit entry (who, what, before and after) and the event that notifies the
 * user in one transaction; the gateway sees the result in Redis right after the commit.
 */
@Injectable()
export class SanctionsService {
  constructor(
    private readonly bans: BansRepository,
    private readonly store: SanctionStore,
    private readonly owners: ServiceRpc,
    private readonly auditLog: AuditLogRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  async ban(admin: AuthenticatedUser, request: BanRequest, meta: RpcMeta): Promise<UserBan> {
    const target = await this.target(admin, request.userId, meta);
    const row = await this.bans.transaction((manager) => this.imposeBan(manager, admin, target, request));
    this.outbox.afterCommit();
    await this.published(row);
    return toUserBan(row);
  }

  /**
   * The ban's writes in the caller's transaction (a report's resolve bans its author in its own):
   * the row, its audit entry and the user's notice. The caller publishes it (`published`) after the commit.
   */
  async imposeBan(manager: EntityManager, admin: AuthenticatedUser, target: PublicUser, { userId, kind, reason, until }: BanRequest): Promise<UserBanRow> {
    await this.bans.lockUser(manager, userId);
    const before = await this.bans.activeBan(manager, userId);
    const end = kind === 'warning' ? null : until ? new Date(until) : escalatedUntil(await this.bans.countBans(manager, userId), new Date());
    // A new ban replaces the one in force; a warning leaves it be.
    if (kind !== 'warning') await this.bans.liftBans(manager, userId, admin.id);
    const created = await this.bans.insertBan(manager, { userId, kind, reason, until: end, adminId: admin.id });
    const after = kind === 'warning' ? before : created;
    const action = { kind, reason, until: end?.toISOString() ?? null, escalated: !until && kind !== 'warning' };
    await this.record(
      manager,
      admin,
      target,
      kind === 'warning' ? 'moderation.user.warned' : 'moderation.user.banned',
      action,
      banState(before),
      banState(after),
    );
    await this.notify(manager, userId, { action: kind, reason, until: end?.toISOString() ?? null });
    return created;
  }

  /** After the commit: the gateway sees the ban (and a full ban's sockets are dropped). */
  async published(row: UserBanRow): Promise<void> {
    if (row.kind !== 'warning') await this.store.putBan(row);
  }

  async unban(admin: AuthenticatedUser, { userId }: UserSanctionRequest, meta: RpcMeta): Promise<UserBan> {
    const target = await this.target(admin, userId, meta, false);
    const lifted = await this.bans.transaction(async (manager) => {
      await this.bans.lockUser(manager, userId);
      const before = await this.bans.activeBan(manager, userId);
      if (!before) throw RpcError.of(ErrorCode.NotFound, BAN_MESSAGES.noActiveBan);
      const [row] = await this.bans.liftBans(manager, userId, admin.id);
      await this.record(manager, admin, target, 'moderation.user.unbanned', {}, banState(before), null);
      await this.notify(manager, userId, { action: 'lifted', reason: null, until: null });
      return row;
    });
    this.outbox.afterCommit();
    await this.store.clearBan(userId);
    return toUserBan(lifted);
  }

  async mute(admin: AuthenticatedUser, { userId, minutes, reason }: ChatMuteRequest, meta: RpcMeta): Promise<ChatMute> {
    const target = await this.target(admin, userId, meta);
    const row = await this.bans.transaction(async (manager) => {
      await this.bans.lockUser(manager, userId);
      const before = await this.bans.activeMute(manager, userId);
      await this.bans.liftMutes(manager, userId, admin.id);
      const created = await this.bans.insertMute(manager, { userId, reason, until: new Date(Date.now() + minutes * 60_000), adminId: admin.id });
      await this.record(manager, admin, target, 'moderation.user.chat-muted', { minutes, reason }, muteState(before), muteState(created));
      await this.notify(manager, userId, { action: 'chat-mute', reason, until: created.until.toISOString() });
      return created;
    });
    this.outbox.afterCommit();
    await this.store.putMute(row);
    return toChatMute(row);
  }

  async unmute(admin: AuthenticatedUser, { userId }: UserSanctionRequest, meta: RpcMeta): Promise<ChatMute> {
    const target = await this.target(admin, userId, meta, false);
    const lifted = await this.bans.transaction(async (manager) => {
      await this.bans.lockUser(manager, userId);
      const before = await this.bans.activeMute(manager, userId);
      if (!before) throw RpcError.of(ErrorCode.NotFound, BAN_MESSAGES.noActiveMute);
      const [row] = await this.bans.liftMutes(manager, userId, admin.id);
      await this.record(manager, admin, target, 'moderation.user.chat-unmuted', {}, muteState(before), null);
      await this.notify(manager, userId, { action: 'unmuted', reason: null, until: null });
      return row;
    });
    this.outbox.afterCommit();
    await this.store.clearMute(userId);
    return toChatMute(lifted);
  }

  /** Auth renames the user (its own write, under the admin's request); the audit entry and the notice follow. */
  async resetNickname(admin: AuthenticatedUser, { userId }: UserSanctionRequest, meta: RpcMeta): Promise<NicknameReset> {
    const target = await this.target(admin, userId, meta);
    const reset = await this.owners.send('auth.user.reset-username', { userId }, { ...meta, user: admin });
    await this.bans.transaction(async (manager) => {
      await this.record(manager, admin, target, 'moderation.user.nickname-reset', {}, { username: reset.before }, { username: reset.after });
      await this.notify(manager, userId, { action: 'nickname-reset', reason: null, until: null, username: reset.after });
    });
    this.outbox.afterCommit();
    return reset;
  }

  /** The user exists (404 otherwise), is not the admin (403) and, for a new sanction, is no admin (403). */
  async target(admin: AuthenticatedUser, userId: string, meta: RpcMeta, refuseAdmins = true): Promise<PublicUser> {
    if (userId === admin.id) throw RpcError.of(ErrorCode.Forbidden, BAN_MESSAGES.notSelf);
    let target: PublicUser;
    try {
      target = await this.owners.send('auth.user.by-id', { userId }, meta);
    } catch (error) {
      if (error instanceof RpcError && error.payload.code === ErrorCode.NotFound) throw RpcError.of(ErrorCode.NotFound, BAN_MESSAGES.userNotFound);
      throw error;
    }
    if (refuseAdmins && target.isAdmin) throw RpcError.of(ErrorCode.Forbidden, BAN_MESSAGES.notAdmins);
    return target;
  }

  private notify(manager: EntityManager, userId: string, sanction: UserSanction) {
    return this.outbox.publish(manager, 'moderation.user.sanctioned', { userId, sanction });
  }

  private record(
    manager: EntityManager,
    admin: AuthenticatedUser,
    target: PublicUser,
    eventName: string,
    action: Record<string, unknown>,
    before: unknown,
    after: unknown,
  ) {
    return this.auditLog.record(manager, {
      eventId: randomUUID(),
      eventName,
      actorId: admin.id,
      subjectUserId: target.id,
      details: { admin: { id: admin.id, username: admin.username }, user: { id: target.id, username: target.username }, ...action, before, after },
      occurredAt: new Date(),
    });
  }
}

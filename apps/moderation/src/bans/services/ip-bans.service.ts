import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { BAN_MESSAGES, ErrorCode, type AuthenticatedUser, type IpBan, type IpBanCreateRequest, type IpBanDeleteRequest, type RpcMeta } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AuditLogRepository } from '../../audit-log/audit-log.repository';
import { UserNames } from '../../rpc/user-names';
import { BansRepository, type IpBanRow, toIpBan } from '../bans.repository';
import { SanctionStore } from './sanction-store';

const state = (row: IpBanRow | null) => (row ? { reason: row.reason, until: row.until?.toISOString() ?? null } : null);

/**
 * IP bans (the agreement's answer to obscene nicknames, docs/moderation.md): registration and sign-in
 * from a banned address are refused by the gateway, which reads `ip-ban:<ip>` in Redis.
 */
@Injectable()
export class IpBansService {
  private readonly logger = new Logger(IpBansService.name);

  constructor(
    private readonly bans: BansRepository,
    private readonly store: SanctionStore,
    private readonly auditLog: AuditLogRepository,
    private readonly userNames: UserNames,
  ) {}

  async list(meta: RpcMeta): Promise<IpBan[]> {
    const rows = await this.bans.activeIpBans();
    const names = await this.adminNames(rows, meta);
    return rows.map((row) => toIpBan(row, names.get(row.admin_id) ?? null));
  }

  async create(admin: AuthenticatedUser, { ip, reason, until }: IpBanCreateRequest): Promise<IpBan> {
    const row = await this.bans.transaction(async (manager) => {
      const before = await this.bans.findIpBan(manager, ip);
      const created = await this.bans.upsertIpBan(manager, { ip, reason, until: until ? new Date(until) : null, adminId: admin.id });
      await this.record(manager, admin, 'moderation.ip.banned', ip, state(before), state(created));
      return created;
    });
    await this.store.putIpBan(row);
    return toIpBan(row, admin.username);
  }

  async remove(admin: AuthenticatedUser, { ip }: IpBanDeleteRequest, meta: RpcMeta): Promise<IpBan> {
    const row = await this.bans.transaction(async (manager) => {
      const before = await this.bans.findIpBan(manager, ip);
      if (!before) throw RpcError.of(ErrorCode.NotFound, BAN_MESSAGES.ipNotBanned);
      await this.bans.deleteIpBan(manager, ip);
      await this.record(manager, admin, 'moderation.ip.unbanned', ip, state(before), null);
      return before;
    });
    await this.store.clearIpBan(ip);
    // The ban as it was, named as the list names it: the admin who made it, as they are called now.
    const names = await this.adminNames([row], meta);
    return toIpBan(row, names.get(row.admin_id) ?? null);
  }

  /** The current nicknames of the admins who made the bans (none if auth does not answer: the ids stay). */
  private adminNames(rows: IpBanRow[], meta: RpcMeta): Promise<Map<string, string>> {
    return this.userNames.of(
      rows.map((row) => row.admin_id),
      meta,
      (error) => this.logger.warn(`IP bans shown without the admins' names: ${String(error)}`),
    );
  }

  private record(
    manager: Parameters<AuditLogRepository['record']>[0],
    admin: AuthenticatedUser,
    eventName: string,
    ip: string,
    before: unknown,
    after: unknown,
  ) {
    return this.auditLog.record(manager, {
      eventId: randomUUID(),
      eventName,
      actorId: admin.id,
      subjectUserId: null,
      details: { admin: { id: admin.id, username: admin.username }, ip, before, after },
      occurredAt: new Date(),
    });
  }
}

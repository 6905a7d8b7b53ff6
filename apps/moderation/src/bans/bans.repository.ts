import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { BAN_KINDS, type BanKind, type ChatMute, type IpBan, type UserBan } from '@portal/contracts';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';

export const UserBanRow = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(BAN_KINDS),
  reason: z.string(),
  until: z.date().nullable(),
  admin_id: z.string(),
  created_at: z.date(),
  lifted_at: z.date().nullable(),
});
export type UserBanRow = z.output<typeof UserBanRow>;

export const ChatMuteRow = z.object({
  id: z.string(),
  user_id: z.string(),
  reason: z.string(),
  until: z.date(),
  admin_id: z.string(),
  created_at: z.date(),
  lifted_at: z.date().nullable(),
});
export type ChatMuteRow = z.output<typeof ChatMuteRow>;

export const IpBanRow = z.object({
  ip: z.string(),
  reason: z.string(),
  until: z.date().nullable(),
  admin_id: z.string(),
  created_at: z.date(),
});
export type IpBanRow = z.output<typeof IpBanRow>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toUserBan = (row: UserBanRow): UserBan => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  reason: row.reason,
  until: iso(row.until),
  adminId: row.admin_id,
  createdAt: row.created_at.toISOString(),
  liftedAt: iso(row.lifted_at),
});

export const toChatMute = (row: ChatMuteRow): ChatMute => ({
  id: row.id,
  userId: row.user_id,
  reason: row.reason,
  until: row.until.toISOString(),
  adminId: row.admin_id,
  createdAt: row.created_at.toISOString(),
  liftedAt: iso(row.lifted_at),
});

export const toIpBan = (row: IpBanRow, adminName: string | null): IpBan => ({
  ip: row.ip,
  reason: row.reason,
  until: iso(row.until),
  adminId: row.admin_id,
  adminName,
  createdAt: row.created_at.toISOString(),
});

/** The row an INSERT … RETURNING always answers (none would be a bug, not a case to handle). */
const ACTIVE_BAN = `kind <> 'warning' AND lifted_at IS NULL AND (until IS NULL OR until > now())`;
const ACTIVE_MUTE = `lifted_at IS NULL AND until > now()`;
const ACTIVE_IP = `(until IS NULL OR until > now())`;

/** Bans, chat mutes and IP bans (moderation schema); writes take the caller's transaction. */
@Injectable()
export class BansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Serialises sanctions on one user (the escalation counts earlier bans). */
  async lockUser(manager: EntityManager, userId: string): Promise<void> {
    await execute(manager, `SELECT pg_advisory_xact_lock(hashtext('moderation.sanctions:' || $1))`, [userId]);
  }

  /** Read-only and full bans the user ever got, lifted or not (warnings are not counted). */
  async countBans(manager: EntityManager, userId: string): Promise<number> {
    const row = await selectRow(
      manager,
      z.object({ n: z.number().int() }),
      `SELECT count(*)::int AS n FROM moderation.user_bans WHERE user_id = $1 AND kind <> 'warning'`,
      [userId],
    );
    return row?.n ?? 0;
  }

  async activeBan(manager: EntityManager, userId: string): Promise<UserBanRow | null> {
    return selectRow(manager, UserBanRow, `SELECT * FROM moderation.user_bans WHERE user_id = $1 AND ${ACTIVE_BAN} ORDER BY created_at DESC LIMIT 1`, [userId]);
  }

  async insertBan(manager: EntityManager, ban: { userId: string; kind: BanKind; reason: string; until: Date | null; adminId: string }): Promise<UserBanRow> {
    const row = await selectRow(
      manager,
      UserBanRow,
      `INSERT INTO moderation.user_bans (user_id, kind, reason, until, admin_id) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
      [ban.userId, ban.kind, ban.reason, ban.until, ban.adminId],
    );
    return existingRow(row, 'an insert into moderation.user_bans');
  }

  /** Ends every active ban of the user (a new one replaces it, or an admin lifts it). */
  async liftBans(manager: EntityManager, userId: string, adminId: string): Promise<UserBanRow[]> {
    return selectRows(
      manager,
      UserBanRow,
      returning(`UPDATE moderation.user_bans SET lifted_at = now(), lifted_by = $2 WHERE user_id = $1 AND ${ACTIVE_BAN} RETURNING *`),
      [userId, adminId],
    );
  }

  async activeMute(manager: EntityManager, userId: string): Promise<ChatMuteRow | null> {
    return selectRow(manager, ChatMuteRow, `SELECT * FROM moderation.chat_mutes WHERE user_id = $1 AND ${ACTIVE_MUTE} ORDER BY created_at DESC LIMIT 1`, [
      userId,
    ]);
  }

  async insertMute(manager: EntityManager, mute: { userId: string; reason: string; until: Date; adminId: string }): Promise<ChatMuteRow> {
    const row = await selectRow(
      manager,
      ChatMuteRow,
      `INSERT INTO moderation.chat_mutes (user_id, reason, until, admin_id) VALUES ($1, $2, $3, $4) RETURNING *`,
      [mute.userId, mute.reason, mute.until, mute.adminId],
    );
    return existingRow(row, 'an insert into moderation.chat_mutes');
  }

  async liftMutes(manager: EntityManager, userId: string, adminId: string): Promise<ChatMuteRow[]> {
    return selectRows(
      manager,
      ChatMuteRow,
      returning(`UPDATE moderation.chat_mutes SET lifted_at = now(), lifted_by = $2 WHERE user_id = $1 AND ${ACTIVE_MUTE} RETURNING *`),
      [userId, adminId],
    );
  }

  async findIpBan(manager: EntityManager, ip: string): Promise<IpBanRow | null> {
    return selectRow(manager, IpBanRow, `SELECT * FROM moderation.ip_bans WHERE ip = $1 FOR UPDATE`, [ip]);
  }

  async upsertIpBan(manager: EntityManager, ban: { ip: string; reason: string; until: Date | null; adminId: string }): Promise<IpBanRow> {
    const row = await selectRow(
      manager,
      IpBanRow,
      `INSERT INTO moderation.ip_bans (ip, reason, until, admin_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (ip) DO UPDATE SET reason = EXCLUDED.reason, until = EXCLUDED.until, admin_id = EXCLUDED.admin_id, created_at = now() RETURNING *`,
      [ban.ip, ban.reason, ban.until, ban.adminId],
    );
    return existingRow(row, 'an insert into moderation.ip_bans');
  }

  async deleteIpBan(manager: EntityManager, ip: string): Promise<void> {
    await execute(manager, `DELETE FROM moderation.ip_bans WHERE ip = $1`, [ip]);
  }

  activeIpBans(): Promise<IpBanRow[]> {
    return selectRows(this.dataSource, IpBanRow, `SELECT * FROM moderation.ip_bans WHERE ${ACTIVE_IP} ORDER BY created_at DESC`);
  }

  /** Everything in force now, to rebuild Redis at boot. */
  async allActive(): Promise<{ bans: UserBanRow[]; mutes: ChatMuteRow[]; ips: IpBanRow[] }> {
    const [bans, mutes, ips] = await Promise.all([
      selectRows(this.dataSource, UserBanRow, `SELECT DISTINCT ON (user_id) * FROM moderation.user_bans WHERE ${ACTIVE_BAN} ORDER BY user_id, created_at DESC`),
      selectRows(
        this.dataSource,
        ChatMuteRow,
        `SELECT DISTINCT ON (user_id) * FROM moderation.chat_mutes WHERE ${ACTIVE_MUTE} ORDER BY user_id, created_at DESC`,
      ),
      this.activeIpBans(),
    ]);
    return { bans, mutes, ips };
  }
}

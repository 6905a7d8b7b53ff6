import { z } from 'zod';
import { isoDateTime } from '../validation/answer.schemas';
import { BAN_KINDS } from './bans.dto';

// What the ban operations answer (bans.operations.ts); the types in bans.dto.ts are these schemas' outputs.

/** A ban as the moderation service stores and returns it. */
export const userBanSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  kind: z.enum(BAN_KINDS),
  reason: z.string(),
  /** Null: permanent (or a warning). */
  until: isoDateTime.nullable(),
  adminId: z.uuid(),
  createdAt: isoDateTime,
  liftedAt: isoDateTime.nullable(),
});

export const chatMuteSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  reason: z.string(),
  until: isoDateTime,
  adminId: z.uuid(),
  createdAt: isoDateTime,
  liftedAt: isoDateTime.nullable(),
});

export const ipBanSchema = z.object({
  ip: z.string(),
  reason: z.string(),
  until: isoDateTime.nullable(),
  adminId: z.uuid(),
  /** The admin's nickname now; null when auth did not answer or the account is gone. */
  adminName: z.string().nullable(),
  createdAt: isoDateTime,
});

export const nicknameResetSchema = z.object({ userId: z.uuid(), before: z.string(), after: z.string() });

/** What a refused request carries in the envelope (`sanction`), so the web can say why and until when. */
export const sanctionNoticeSchema = z.object({
  kind: z.enum(['full', 'read-only', 'chat-mute', 'ip']),
  reason: z.string(),
  /** ISO time; null: for ever. */
  until: isoDateTime.nullable(),
});

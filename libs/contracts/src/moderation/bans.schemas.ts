import { z } from 'zod';
import { withoutBidiControls } from '../validation/invisible-characters';
import { absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import { BAN_KINDS, BAN_MESSAGES, BAN_REASON_MAX, CHAT_MUTE_MINUTES_MAX } from './bans.dto';

// Bans (docs/moderation.md): the gateway parses every request with these and the moderation service
// parses what it receives with the same ones, so each accepts its own output.

const reason = z
  .string({ error: BAN_MESSAGES.reason })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, { error: BAN_MESSAGES.reason })
  .max(BAN_REASON_MAX, { error: BAN_MESSAGES.reason })
  .refine(noNul, { error: BAN_MESSAGES.nul });

const futureTime = z.preprocess(
  absent,
  z
    .string({ error: BAN_MESSAGES.until })
    .refine((value) => !Number.isNaN(Date.parse(value)) && Date.parse(value) > Date.now(), { error: BAN_MESSAGES.until })
    .transform((value) => new Date(value).toISOString())
    .optional(),
);

const userId = z.uuid({ error: BAN_MESSAGES.userId }).transform((id) => id.toLowerCase());

/** `/admin/users/{id}/…`: the user a sanction is about. */
export const userPathSchema = z.object({ id: userId });

/** POST /admin/users/{id}/ban: the kind, a reason, and an end (escalated when absent); a report's decision may carry it too. */
export const banBodySchema = z.object({
  kind: z.enum(BAN_KINDS, { error: BAN_MESSAGES.kind }),
  reason,
  until: futureTime.transform((until) => until ?? null),
});
export const banRequestSchema = banBodySchema.extend(userPathSchema.shape);

/** A user by id, as the moderation asks auth to reset a nickname. */
export const userSanctionRequestSchema = z.object({ userId });

/** POST /admin/users/{id}/chat-mute. */
export const chatMuteRequestSchema = z.object({
  id: userId,
  minutes: integer(1, CHAT_MUTE_MINUTES_MAX, BAN_MESSAGES.minutes),
  reason,
});

const ip = z
  .string({ error: BAN_MESSAGES.ip })
  .trim()
  .refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, { error: BAN_MESSAGES.ip })
  .transform((value) => value.toLowerCase());

/** POST /admin/ip-bans. */
export const ipBanCreateSchema = z.object({ ip, reason, until: futureTime.transform((until) => until ?? null) });
/** DELETE /admin/ip-bans?ip=. */
export const ipBanDeleteSchema = z.object({ ip });

/** A ban of a user (the path's id as `userId`), as the sanctions service imposes it. */
export type BanRequest = z.output<typeof banBodySchema> & { userId: string };
export type UserSanctionRequest = z.output<typeof userSanctionRequestSchema>;
/** What the ban and mute routes receive: the path's `id` and the body. */
export type BanPathRequest = z.output<typeof banRequestSchema>;
export type ChatMutePathRequest = z.output<typeof chatMuteRequestSchema>;
export type ChatMuteRequest = Omit<z.output<typeof chatMuteRequestSchema>, 'id'> & { userId: string };
export type IpBanCreateRequest = z.output<typeof ipBanCreateSchema>;
export type IpBanDeleteRequest = z.output<typeof ipBanDeleteSchema>;

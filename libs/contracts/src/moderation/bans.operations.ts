import { z } from 'zod';
import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import { chatMuteSchema, ipBanSchema, nicknameResetSchema, userBanSchema } from './bans.answers';
import { banRequestSchema, chatMuteRequestSchema, ipBanCreateSchema, ipBanDeleteSchema, userPathSchema } from './bans.schemas';

/**
 * Bans and restrictions (docs/moderation.md, «Bans»): the moderation service owns them, admins only.
 * Not admins, not oneself (403); every one audited, the user notified.
 */
export const BANS_OPERATIONS = {
  ban: defineOperation({
    pattern: 'moderation.user.ban',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/admin/users/:id/ban' },
    summary:
      'Admin: kind warning|read-only|full, reason (1-500), until (ISO, future; without it 1 day, then 7 days, then for ever). A warning is recorded and notified only; the ban applies within 2 s',
    request: banRequestSchema,
    answer: userBanSchema,
  }),
  unban: defineOperation({
    pattern: 'moderation.user.unban',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/admin/users/:id/ban' },
    summary: 'Admin: lift the ban in force (404 when none)',
    request: userPathSchema,
    answer: userBanSchema,
  }),
  mute: defineOperation({
    pattern: 'moderation.user.chat-mute',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/admin/users/:id/chat-mute' },
    summary: 'Admin: the user cannot post in the chat for `minutes` (1-43200); reason 1-500',
    request: chatMuteRequestSchema,
    answer: chatMuteSchema,
  }),
  unmute: defineOperation({
    pattern: 'moderation.user.chat-unmute',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/admin/users/:id/chat-mute' },
    summary: 'Admin: lift the chat mute in force (404 when none)',
    request: userPathSchema,
    answer: chatMuteSchema,
  }),
  resetNickname: defineOperation({
    pattern: 'moderation.user.reset-nickname',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/admin/users/:id/reset-nickname', status: 200 },
    summary: 'Admin: rename the user to a free generated nickname user<6 digits>; the user is notified',
    request: userPathSchema,
    answer: nicknameResetSchema,
  }),
  ipBans: defineOperation({
    pattern: 'moderation.ip-bans.list',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/ip-bans' },
    summary: 'Admin: the IP bans in force, newest first',
    notes: "`adminName` is the banning admin's nickname now (null when auth does not answer within 1.5 s or the account is gone).",
    request: emptySchema,
    answer: z.array(ipBanSchema),
  }),
  banIp: defineOperation({
    pattern: 'moderation.ip-ban.create',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/admin/ip-bans' },
    summary: 'Admin: ban an IP address (v4 or v6) from registration and sign-in; reason 1-500, until optional (for ever)',
    notes: 'A second ban of the same address replaces the first.',
    request: ipBanCreateSchema,
    answer: ipBanSchema,
  }),
  unbanIp: defineOperation({
    pattern: 'moderation.ip-ban.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/admin/ip-bans' },
    summary: 'Admin: lift the ban of ?ip= (404 when none)',
    notes: 'Answers the removed ban, `adminName` filled as in the list.',
    request: ipBanDeleteSchema,
    answer: ipBanSchema,
  }),
};

import { defineOperation } from '../operations/define-operation';
import { acknowledgedSchema } from '../validation/answer.schemas';
import { onlineStatsSchema, onlineUsersPageSchema, presenceReportAnswerSchema } from './online.answers';
import { onlineUsersQuerySchema } from './online.schemas';
import { presenceGatewaySchema, presenceReportSchema, presenceStatsForSchema } from './presence.schemas';

/** Who is online beyond the first names of `online-stats`: the chat service answers from every gateway's report. */
export const ONLINE_OPERATIONS = {
  users: defineOperation({
    pattern: 'chat.presence.users',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/online/users' },
    summary: 'Names of the signed-in users online, alphabetically, each once: { items, offset, limit, total }',
    notes: '`offset` ≥ 0 (default 0), `limit` 1–100 (default 50). The `online-stats` socket event carries the first 20.',
    request: onlineUsersQuerySchema,
    answer: onlineUsersPageSchema,
  }),
};

/** Online presence (docs/realtime.md, «Online presence»): each gateway reports the visitors it holds to the chat service. */
export const PRESENCE_OPERATIONS = {
  report: defineOperation({
    pattern: 'chat.presence.report',
    kind: 'write',
    access: 'public',
    summary: "A gateway's heartbeat with the visitors it holds: answered with the counts across all gateways",
    request: presenceReportSchema,
    answer: presenceReportAnswerSchema,
  }),
  statsFor: defineOperation({
    pattern: 'chat.presence.stats-for',
    kind: 'read',
    access: 'public',
    summary: 'The counts as a connection that has just arrived is told them (with itself, counted or not yet)',
    request: presenceStatsForSchema,
    answer: onlineStatsSchema,
  }),
  leave: defineOperation({
    pattern: 'chat.presence.leave',
    kind: 'write',
    access: 'public',
    summary: 'A gateway stopping cleanly: its visitors leave the counts at once',
    request: presenceGatewaySchema,
    answer: acknowledgedSchema,
  }),
};

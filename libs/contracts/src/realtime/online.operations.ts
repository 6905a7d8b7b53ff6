import { defineOperation } from '../operations/define-operation';
import { onlineUsersPageSchema } from './online.answers';
import { onlineUsersQuerySchema } from './online.schemas';

/** Who is online beyond the first names of `online-stats`: the chat service answers from every gateway's report. */
export const ONLINE_OPERATIONS = {
  users: defineOperation({
    pattern: 'chat.presence.users',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/online/users' },
    summary: 'Names of the signed-in users online, alphabetically, each once: { items, offset, limit, total }',
    request: onlineUsersQuerySchema,
    answer: onlineUsersPageSchema,
  }),
};

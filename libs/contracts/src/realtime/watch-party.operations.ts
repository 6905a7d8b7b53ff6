import { defineOperation } from '../operations/define-operation';
import { watchPartyCreatedSchema, watchPartyStateSchema } from './watch-party.answers';
import { watchPartyCreateSchema, watchPartyRoomParamsSchema } from './watch-party.schemas';

/**
 * Watch-party rooms (docs/realtime.md, «Watch party»): opened and read here; joining, playback and the
 * room's chat happen on the `/watch-party` socket.
 */
export const WATCH_PARTY_OPERATIONS = {
  create: defineOperation({
    pattern: 'chat.watch-party.create',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/watch-party' },
    summary: 'Open a room for an episode of a title (catalogue or Shikimori id); the caller hosts it. 404 for an unknown title, 400 `episode` past its last',
    request: watchPartyCreateSchema,
    answer: watchPartyCreatedSchema,
  }),
  get: defineOperation({
    pattern: 'chat.watch-party.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/watch-party/:roomId' },
    summary: 'The state of a room (members, host, position), or 404',
    request: watchPartyRoomParamsSchema,
    answer: watchPartyStateSchema,
  }),
};

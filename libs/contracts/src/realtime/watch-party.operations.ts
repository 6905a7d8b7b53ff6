import { defineOperation } from '../operations/define-operation';
import { acknowledgedSchema } from '../validation/answer.schemas';
import { z } from 'zod';
import { watchPartyCreatedSchema, watchPartyJoinedSchema, watchPartyReplyOf, watchPartyStateSchema } from './watch-party.answers';
import {
  watchPartyChatRequestSchema,
  watchPartyControlRequestSchema,
  watchPartyCreateSchema,
  watchPartyDisconnectRequestSchema,
  watchPartyGatewaySchema,
  watchPartyJoinRequestSchema,
  watchPartyLeaveRequestSchema,
  watchPartyRoomParamsSchema,
} from './watch-party.schemas';

const doneOrRefused = watchPartyReplyOf(z.null());

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
    notes: 'The room itself runs on the `/watch-party` socket namespace (docs/realtime.md).',
    request: watchPartyCreateSchema,
    answer: watchPartyCreatedSchema,
  }),
  get: defineOperation({
    pattern: 'chat.watch-party.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/watch-party/:roomId' },
    summary: 'The state of a room (members, host, position), or 404',
    notes: 'A room that has expired is a 404 too.',
    request: watchPartyRoomParamsSchema,
    answer: watchPartyStateSchema,
  }),
};

/**
 * What the members' sockets do, sent by the gateway that holds them (apps/gateway/src/realtime/watch-party):
 * the member is the socket's verified user. A room's refusal (NOT_HOST, ROOM_NOT_FOUND…) is an answer.
 */
export const WATCH_PARTY_SOCKET_OPERATIONS = {
  join: defineOperation({
    pattern: 'chat.watch-party.join',
    kind: 'write',
    access: 'user',
    summary: 'A socket of the caller, held by gateway `gatewayId`, enters the room: the room and its last chat messages',
    request: watchPartyJoinRequestSchema,
    answer: watchPartyReplyOf(watchPartyJoinedSchema),
  }),
  leave: defineOperation({
    pattern: 'chat.watch-party.leave',
    kind: 'write',
    access: 'user',
    summary: 'The caller leaves the room for good',
    request: watchPartyLeaveRequestSchema,
    answer: doneOrRefused,
  }),
  control: defineOperation({
    pattern: 'chat.watch-party.control',
    kind: 'write',
    access: 'user',
    summary: "The caller's play, pause, seek, episode change or voice-over and subtitles (the host's only)",
    request: watchPartyControlRequestSchema,
    answer: doneOrRefused,
  }),
  chat: defineOperation({
    pattern: 'chat.watch-party.chat',
    kind: 'write',
    access: 'user',
    creates: 'chat',
    summary: 'A room chat message of the caller, with the avatar the gateway looked up',
    request: watchPartyChatRequestSchema,
    answer: doneOrRefused,
  }),
  // A banned user's sockets are disconnected too: these two name sockets and gateways, not the caller.
  disconnect: defineOperation({
    pattern: 'chat.watch-party.disconnect',
    kind: 'write',
    access: 'public',
    summary: 'One socket went away (its gateway noticed): the member stays while another of their sockets is in',
    request: watchPartyDisconnectRequestSchema,
    answer: doneOrRefused,
  }),
  dropGateway: defineOperation({
    pattern: 'chat.watch-party.drop-gateway',
    kind: 'write',
    access: 'public',
    summary: "A gateway stopping cleanly takes its sockets out of their rooms (the hosts' grace periods start)",
    request: watchPartyGatewaySchema,
    answer: acknowledgedSchema,
  }),
};

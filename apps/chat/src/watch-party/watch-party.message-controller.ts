import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, WatchPartyCreate, WatchPartyReply } from '@portal/contracts';
import { WATCH_PARTY_OPERATIONS, WATCH_PARTY_SOCKET_OPERATIONS } from '@portal/contracts/operations';
import type {
  WatchPartyChatRequest,
  WatchPartyControlRequest,
  WatchPartyDisconnectRequest,
  WatchPartyGatewayRequest,
  WatchPartyJoinRequest,
  WatchPartyLeaveRequest,
  WatchPartyRoomParams,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { WatchPartyService } from './services/watch-party.service';
import { WatchPartyTitles } from './watch-party-titles';
import { WatchPartyError } from './watch-party.errors';

/**
 * Watch-party rooms for the gateway: the REST side (open, read) and what the members' sockets do.
 * The member is always the request's verified user, never the payload's. A refusal (NOT_HOST,
 * ROOM_NOT_FOUND…) is an answer the gateway tells the socket, not a failed call.
 */
@Controller()
export class WatchPartyMessageController {
  constructor(
    private readonly parties: WatchPartyService,
    private readonly titles: WatchPartyTitles,
  ) {}

  @HandlesOperation(WATCH_PARTY_OPERATIONS.create)
  async create(@Input() { animeId, episode }: WatchPartyCreate, @Caller() host: AuthenticatedUser) {
    const titleId = await this.titles.resolve(animeId, episode);
    // The host's avatar arrives with their socket's join, as every member's does.
    return this.parties.create({ ...memberOf(host), avatar: null }, titleId, episode);
  }

  @HandlesOperation(WATCH_PARTY_OPERATIONS.get)
  get(@Input() { roomId }: WatchPartyRoomParams) {
    return this.parties.state(roomId);
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.join)
  join(@Input() { roomId, gatewayId, socketId, avatar }: WatchPartyJoinRequest, @Caller() member: AuthenticatedUser) {
    return reply(() => this.parties.join({ ...memberOf(member), avatar }, roomId, gatewayId, socketId));
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.leave)
  leave(@Input() { roomId }: WatchPartyLeaveRequest, @Caller() member: AuthenticatedUser) {
    return done(() => this.parties.leave(member.id, roomId));
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.disconnect)
  disconnect(@Input() { roomId, socketId }: WatchPartyDisconnectRequest) {
    return done(() => this.parties.disconnected(roomId, socketId));
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.control)
  control(@Input() { roomId, action }: WatchPartyControlRequest, @Caller() member: AuthenticatedUser) {
    return done(() => this.parties.control(member.id, roomId, action));
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.chat)
  chat(@Input() { roomId, text, avatar }: WatchPartyChatRequest, @Caller() member: AuthenticatedUser) {
    return done(() => this.parties.chat({ ...memberOf(member), avatar }, roomId, text));
  }

  @HandlesOperation(WATCH_PARTY_SOCKET_OPERATIONS.dropGateway)
  async dropGateway(@Input() { gatewayId }: WatchPartyGatewayRequest) {
    await this.parties.dropGateway(gatewayId);
    return { ok: true as const };
  }
}

const memberOf = ({ id, username }: AuthenticatedUser): { userId: string; username: string } => ({ userId: id, username });

/** The value, or the room's refusal as an answer; anything else fails the call. */
async function reply<T>(run: () => Promise<T>): Promise<WatchPartyReply<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof WatchPartyError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}

/** An operation that answers nothing but done or refused. */
const done = (run: () => Promise<void>): Promise<WatchPartyReply> =>
  reply(async () => {
    await run();
    return null;
  });

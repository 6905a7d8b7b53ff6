import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuthenticatedUser, RpcMeta, RpcRequest, WatchPartyCreate, WatchPartyReply } from '@portal/contracts';
import { WATCH_PARTY_OPERATIONS } from '@portal/contracts/operations';
import {
  type WatchPartyRoomParams,
  watchPartyChatRequestSchema,
  watchPartyControlRequestSchema,
  watchPartyDisconnectRequestSchema,
  watchPartyGatewaySchema,
  watchPartyJoinRequestSchema,
  watchPartyLeaveRequestSchema,
} from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input, signedIn, validatePayload } from '@portal/platform';
import { WatchPartyService } from './services/watch-party.service';
import { WatchPartyTitles } from './watch-party-titles';
import { WatchPartyError } from './watch-party.errors';

/**
 * Watch-party rooms for the gateway: the REST side (open, read) and what the members' sockets do.
 * The member is always the request's verified user (`meta.user`), never the payload's. A refusal
 * (NOT_HOST, ROOM_NOT_FOUND…) is an answer the gateway tells the socket, not a failed call.
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
    return this.parties.create({ userId: host.id, username: host.username, avatar: null }, titleId, episode);
  }

  @HandlesOperation(WATCH_PARTY_OPERATIONS.get)
  get(@Input() { roomId }: WatchPartyRoomParams) {
    return this.parties.state(roomId);
  }

  @MessagePattern('chat.watch-party.join')
  join(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { roomId, gatewayId, socketId, avatar } = validatePayload(watchPartyJoinRequestSchema, data);
    return reply(() => this.parties.join({ ...memberOf(meta), avatar }, roomId, gatewayId, socketId));
  }

  @MessagePattern('chat.watch-party.leave')
  leave(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { roomId } = validatePayload(watchPartyLeaveRequestSchema, data);
    return done(() => this.parties.leave(memberOf(meta).userId, roomId));
  }

  @MessagePattern('chat.watch-party.disconnect')
  disconnect(@Payload() { data }: RpcRequest<unknown>) {
    const { roomId, socketId } = validatePayload(watchPartyDisconnectRequestSchema, data);
    return done(() => this.parties.disconnected(roomId, socketId));
  }

  @MessagePattern('chat.watch-party.control')
  control(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { roomId, action } = validatePayload(watchPartyControlRequestSchema, data);
    return done(() => this.parties.control(memberOf(meta).userId, roomId, action));
  }

  @MessagePattern('chat.watch-party.chat')
  chat(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { roomId, text, avatar } = validatePayload(watchPartyChatRequestSchema, data);
    return done(() => this.parties.chat({ ...memberOf(meta), avatar }, roomId, text));
  }

  @MessagePattern('chat.watch-party.drop-gateway')
  async dropGateway(@Payload() { data }: RpcRequest<unknown>) {
    await this.parties.dropGateway(validatePayload(watchPartyGatewaySchema, data).gatewayId);
    return { ok: true as const };
  }
}

function memberOf(meta: RpcMeta): { userId: string; username: string } {
  const { id, username } = signedIn(meta.user);
  return { userId: id, username };
}

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

import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CATALOGUE_MESSAGES, ErrorCode, WATCH_PARTY_MESSAGES, WATCH_PARTY_ROOM_ID_PATTERN, type RpcMeta } from '@portal/contracts';
import { watchPartyCreateSchema, watchPartyRoomParamsSchema } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { invalidField } from '../uploads/multipart-form';

class WatchPartyCreateBody extends createZodDto(watchPartyCreateSchema) {}
class WatchPartyRoomParams extends createZodDto(watchPartyRoomParamsSchema) {}

/** Opening a watch-party room and reading one (rooms are the chat service's); everything else happens on the `/watch-party` socket. */
@ApiTags('watch-party')
@Controller('watch-party')
export class WatchPartyController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Open a room for an episode of a title; the signed-in user hosts it. Answers { roomId, url }' })
  async create(@Body() { animeId, episode }: WatchPartyCreateBody, @Meta() meta: RpcMeta) {
    // One lookup of the title's reference (a Shikimori id resolves too); none means an unknown title.
    const [found] = await this.rpc.send('catalogue.anime.refs', { ids: [animeId] }, meta);
    if (!found) throw new RemoteServiceError({ code: ErrorCode.NotFound, message: CATALOGUE_MESSAGES.animeNotFound });
    const anime = found.ref;
    if (anime.episodes !== null && episode > anime.episodes) throw invalidField('episode', WATCH_PARTY_MESSAGES.badEpisode);
    return this.rpc.send('chat.watch-party.create', { animeId: anime.id, episode }, meta);
  }

  @Get(':roomId')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The state of a room (members, host, position), or 404' })
  async get(@Param() { roomId }: WatchPartyRoomParams, @Meta() meta: RpcMeta) {
    // An id that cannot be a room's is not worth a call.
    if (!WATCH_PARTY_ROOM_ID_PATTERN.test(roomId)) throw new RemoteServiceError({ code: ErrorCode.NotFound, message: WATCH_PARTY_MESSAGES.roomNotFound });
    return this.rpc.send('chat.watch-party.get', { roomId }, meta);
  }
}

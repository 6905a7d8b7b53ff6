import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { CATALOGUE_MESSAGES, ErrorCode, WATCH_PARTY_MESSAGES, WATCH_PARTY_ROOM_ID_PATTERN, type RpcMeta } from '@portal/contracts';
import { watchPartyCreateSchema, watchPartyRoomParamsSchema } from '@portal/contracts/schemas';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { invalidField } from '../uploads/multipart-form';
import { WatchPartyService } from '../realtime/watch-party/watch-party.service';

class WatchPartyCreateBody extends createZodDto(watchPartyCreateSchema) {}
class WatchPartyRoomParams extends createZodDto(watchPartyRoomParamsSchema) {}

/** Opening a watch-party room and reading one; everything else happens on the `/watch-party` socket. */
@ApiTags('watch-party')
@Controller('watch-party')
export class WatchPartyController {
  constructor(
    private readonly parties: WatchPartyService,
    private readonly rpc: RpcClient,
  ) {}

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
    const user = meta.user!;
    // The host's avatar arrives with their socket's join, as every member's does.
    return this.parties.create({ userId: user.id, username: user.username, avatar: null }, anime.id, episode);
  }

  @Get(':roomId')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The state of a room (members, host, position), or 404' })
  async get(@Param() { roomId }: WatchPartyRoomParams) {
    const state = WATCH_PARTY_ROOM_ID_PATTERN.test(roomId) ? await this.parties.state(roomId) : null;
    if (!state) throw new RemoteServiceError({ code: ErrorCode.NotFound, message: WATCH_PARTY_MESSAGES.roomNotFound });
    return state;
  }
}

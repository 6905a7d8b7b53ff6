import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, WATCH_PARTY_MESSAGES, WATCH_PARTY_ROOM_ID_PATTERN, type RpcMeta } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { lookUpAvatar } from '../users/avatar-lookup';
import { createRoomSchema } from '../realtime/watch-party/watch-party.schemas';
import { WatchPartyService } from '../realtime/watch-party/watch-party.service';

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
  @ApiBody({ schema: { type: 'object', required: ['animeId', 'episode'], properties: { animeId: { type: 'integer' }, episode: { type: 'integer' } } } })
  async create(@Body() body: unknown, @Meta() meta: RpcMeta) {
    const parsed = createRoomSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'body'), message: issue.message }));
      throw new RemoteServiceError({ code: ErrorCode.ValidationFailed, message: errors[0]?.message ?? WATCH_PARTY_MESSAGES.badPayload, errors });
    }
    // The catalogue answers 404 for an unknown title; a known one may be asked for by its Shikimori id.
    const anime = await this.rpc.send('catalogue.anime.get', { id: String(parsed.data.animeId) }, meta);
    if (anime.episodes !== null && parsed.data.episode > anime.episodes) {
      throw new RemoteServiceError({
        code: ErrorCode.ValidationFailed,
        message: WATCH_PARTY_MESSAGES.badEpisode,
        errors: [{ field: 'episode', message: WATCH_PARTY_MESSAGES.badEpisode }],
      });
    }
    const user = meta.user!;
    const avatar = await lookUpAvatar(this.rpc, user.username);
    return this.parties.create({ userId: user.id, username: user.username, avatar }, anime.id, parsed.data.episode);
  }

  @Get(':roomId')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The state of a room (members, host, position), or 404' })
  async get(@Param('roomId') roomId: string) {
    const state = WATCH_PARTY_ROOM_ID_PATTERN.test(roomId) ? await this.parties.state(roomId) : null;
    if (!state) throw new RemoteServiceError({ code: ErrorCode.NotFound, message: WATCH_PARTY_MESSAGES.roomNotFound });
    return state;
  }
}

import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { ProgressBatcher } from './progress-batcher';

type Body = Record<string, unknown> | undefined;

/** Watch progress (SPEC §7): where the signed-in viewer stopped in each episode. */
@ApiTags('progress')
@ApiBearerAuth()
@RequireUser()
@Controller('progress')
export class ProgressController {
  /** One per gateway process (controllers are singletons); needs no registration of its own. */
  private readonly batcher: ProgressBatcher;

  constructor(private readonly rpc: RpcClient) {
    this.batcher = new ProgressBatcher(rpc);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a position (seconds) in an episode; answered once it is stored in PostgreSQL' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['animeId', 'episode', 'position'],
      properties: { animeId: { type: 'integer' }, episode: { type: 'integer', minimum: 1 }, position: { type: 'number', minimum: 0 }, duration: { type: 'number' } },
    },
  })
  save(@Body() body: Body, @Meta() meta: RpcMeta) {
    // RequireUser ran: the user is there. Saves are coalesced into one message per event-loop turn.
    return this.batcher.save(meta.user as AuthenticatedUser, {
      animeId: body?.animeId as number,
      episode: body?.episode as number,
      position: body?.position as number,
      duration: body?.duration as number,
    });
  }

  @Get()
  @ApiOperation({ summary: "An episode's position, or without episode the title's latest; null when there is none" })
  @ApiQuery({ name: 'animeId', required: true })
  @ApiQuery({ name: 'episode', required: false })
  get(@Query('animeId') animeId: string, @Query('episode') episode: string | undefined, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.progress.get', { animeId, episode }, meta);
  }

  @Get('continue')
  @ApiOperation({ summary: 'Continue watching: each unfinished title’s latest position, newest first' })
  @ApiQuery({ name: 'limit', required: false, description: '1..50, default 20' })
  continueWatching(@Query('limit') limit: string | undefined, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.progress.continue', { limit: limit as never }, meta);
  }

  @Delete()
  @ApiOperation({ summary: "Forget an episode's position, or without episode every position of the title (in the query or the body)" })
  @ApiQuery({ name: 'animeId', required: false })
  @ApiQuery({ name: 'episode', required: false })
  remove(@Query('animeId') animeId: string | undefined, @Query('episode') episode: string | undefined, @Body() body: Body, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.progress.delete', { animeId: (animeId ?? body?.animeId) as string, episode: (episode ?? body?.episode) as string | undefined }, meta);
  }
}

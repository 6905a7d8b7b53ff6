import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';
import { continueWatchingQuerySchema, fieldErrorsOf, progressSaveSchema, progressTargetPartSchema, progressTargetSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { invalid } from '../uploads/multipart-form';
import { ProgressBatcher } from './progress-batcher';

class ProgressSaveBody extends createZodDto(progressSaveSchema) {}
class ProgressTargetQuery extends createZodDto(progressTargetSchema) {}
class ProgressTargetPart extends createZodDto(progressTargetPartSchema) {}
class ContinueWatchingQuery extends createZodDto(continueWatchingQuerySchema) {}

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
  save(@Body() body: ProgressSaveBody, @Meta() meta: RpcMeta) {
    // RequireUser ran: the user is there. The save was parsed already; saves are coalesced into one
    // message per event-loop turn.
    return this.batcher.save(meta.user as AuthenticatedUser, body);
  }

  @Get()
  @ApiOperation({ summary: "An episode's position, or without episode the title's latest; null when there is none" })
  get(@Query() query: ProgressTargetQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.progress.get', query, meta);
  }

  @Get('continue')
  @ApiOperation({ summary: 'Continue watching: each unfinished title’s latest position, newest first' })
  continueWatching(@Query() query: ContinueWatchingQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.progress.continue', query, meta);
  }

  @Delete()
  @ApiOperation({ summary: "Forget an episode's position, or without episode every position of the title (in the query or the body)" })
  remove(@Query() query: ProgressTargetPart, @Body() body: ProgressTargetPart, @Meta() meta: RpcMeta) {
    // Each field from the query, or else the body; together they must name a title.
    const target = progressTargetSchema.safeParse({ animeId: query.animeId ?? body.animeId, episode: query.episode ?? body.episode });
    if (!target.success) throw invalid(fieldErrorsOf(target.error));
    return this.rpc.send('community.progress.delete', target.data, meta);
  }
}

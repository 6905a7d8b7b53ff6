import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_STATUSES, type RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { readListFile } from './list-file-upload';

type Body = Record<string, unknown> | undefined;
type QueryParams = Record<string, string | undefined>;

const pageOf = (query: QueryParams) => ({ status: query.status as never, page: query.page as never, limit: query.limit as never });

/** Viewers' anime lists and ratings (docs/community.md). Lists are public; changes need a session. */
@ApiTags('lists')
@Controller()
export class LibraryController {
  constructor(private readonly rpc: RpcClient) {}

  @Put('users/anime/status')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Add a title to the list or change its entry: status, progress, or one watched episode (the list rules: docs/community.md)' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['animeId'],
      properties: {
        animeId: { type: 'integer' },
        status: { type: 'string', enum: [...LIST_STATUSES] },
        progress: { type: 'integer', minimum: 0 },
        watchedEpisode: { type: 'integer', minimum: 1 },
        anime: { type: 'object', description: 'ignored: the catalogue is the source of the title' },
      },
    },
  })
  update(@Body() body: Body, @Meta() meta: RpcMeta) {
    return this.rpc.send(
      'community.list.update',
      { animeId: body?.animeId as number, status: body?.status as never, progress: body?.progress as number, watchedEpisode: body?.watchedEpisode as number },
      meta,
    );
  }

  @Get('users/anime')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's list, most recently changed first, with the count per status" })
  @ApiQuery({ name: 'status', required: false, enum: [...LIST_STATUSES] })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 50' })
  own(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.list.get', pageOf(query), meta);
  }

  @Get('users/profile/:username/anime')
  @ApiOperation({ summary: "A user's public list, with the count per status" })
  @ApiQuery({ name: 'status', required: false, enum: [...LIST_STATUSES] })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 50' })
  ofUser(@Param('username') username: string, @Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.list.get', { ...pageOf(query), username }, meta);
  }

  @Get('users/anime/export')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Download the list as a MyAnimeList XML or Shikimori JSON export (importable by either site)' })
  @ApiQuery({ name: 'format', required: false, enum: ['mal', 'shikimori'], description: 'default mal' })
  async export(@Query('format') format: string | undefined, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    const file = await this.rpc.send('community.list.export', { format: format as never }, meta);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  }

  @Post('users/anime/import')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data', 'text/plain', 'application/json')
  @ApiOperation({ summary: 'Import a MyAnimeList XML (also .xml.gz) or Shikimori JSON export: multipart `file` (≤ 5 MB) and `format`, or the raw body' })
  @ApiQuery({ name: 'format', required: false, enum: ['mal', 'shikimori'], description: 'default: guessed from the file' })
  async import(@Req() request: FastifyRequest, @Query('format') format: string | undefined, @Meta() meta: RpcMeta) {
    const file = await readListFile(request);
    return this.rpc.send('community.list.import', { format: (format ?? file.format) as never, content: file.content }, meta);
  }

  @Get('users/anime/:animeId')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's entry for a title, or null" })
  entry(@Param('animeId') animeId: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.list.entry', { animeId }, meta);
  }

  @Delete('users/anime/:animeId')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove a title from the list (its rating goes with it)' })
  remove(@Param('animeId') animeId: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.list.remove', { animeId }, meta);
  }

  @Post('rating')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Rate a title 1..10 (an unlisted title is added as planned); answers the portal average and votes' })
  @ApiBody({ schema: { type: 'object', required: ['animeId', 'rating'], properties: { animeId: { type: 'integer' }, rating: { type: 'integer', minimum: 1, maximum: 10 } } } })
  rate(@Body() body: Body, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.rating.set', { animeId: body?.animeId as number, rating: body?.rating as number }, meta);
  }
}

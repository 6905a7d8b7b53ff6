import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AnimeWrite, RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';
import { CatalogueResponseCache } from './catalogue-response-cache';

type QueryParams = Record<string, string | undefined>;

const LIST_FILTERS = ['genre', 'kind', 'status', 'year', 'yearFrom', 'yearTo', 'season', 'scoreMin', 'scoreMax', 'text', 'sort'];

/** The anime catalogue: public reads (cached, with ETags, see catalogue-response-cache) and admin writes. */
@ApiTags('anime')
@Controller()
export class AnimeController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cache: CatalogueResponseCache,
  ) {}

  @Get('anime')
  @ApiOperation({ summary: 'Browse the catalogue: filters, sort, pages (data = items, meta = page, limit, total)' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1..50, default 20' })
  @ApiQuery({ name: 'sort', required: false, enum: ['popularity', 'score', 'new', 'year', 'title'] })
  @ApiQuery({ name: 'genre', required: false, description: 'genre slug, see GET /api/genres' })
  @ApiQuery({ name: 'kind', required: false, enum: ['tv', 'movie', 'ova', 'ona', 'special', 'music'] })
  @ApiQuery({ name: 'status', required: false, enum: ['announced', 'ongoing', 'completed'] })
  @ApiQuery({ name: 'season', required: false, enum: ['winter', 'spring', 'summer', 'fall'] })
  @ApiQuery({ name: 'year', required: false })
  @ApiQuery({ name: 'yearFrom', required: false })
  @ApiQuery({ name: 'yearTo', required: false })
  @ApiQuery({ name: 'scoreMin', required: false })
  @ApiQuery({ name: 'scoreMax', required: false })
  @ApiQuery({ name: 'text', required: false, description: 'words of a title or of the description' })
  list(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    const filters = Object.fromEntries(LIST_FILTERS.map((name) => [name, query[name]]));
    return paginated(this.rpc.send('catalogue.anime.list', { ...filters, page: query.page as never, limit: query.limit as never }, meta));
  }

  @Get('anime/popular')
  @ApiOperation({ summary: 'Most watched titles' })
  popular(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.anime.popular', pageOf(query), meta));
  }

  @Get('anime/top')
  @ApiOperation({ summary: 'Best rated titles (among titles enough people rated)' })
  top(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.anime.top', pageOf(query), meta));
  }

  @Get('anime/new')
  @ApiOperation({ summary: 'Latest premieres' })
  latest(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('catalogue.anime.new', pageOf(query), meta));
  }

  @Get('anime/search')
  @ApiOperation({ summary: 'Typo-tolerant search in Russian, English, romaji and Japanese titles' })
  @ApiQuery({ name: 'title', required: true })
  @ApiQuery({ name: 'limit', required: false, description: '1..50, default 20' })
  search(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.anime.search', { title: query.title as string, limit: query.limit as never }, meta);
  }

  @Get('anime/suggest')
  @ApiOperation({ summary: 'Autocomplete: a few titles for what has been typed so far' })
  @ApiQuery({ name: 'q', required: true })
  @ApiQuery({ name: 'limit', required: false, description: '1..50, default 8' })
  suggest(@Query() query: QueryParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.anime.suggest', { q: query.q as string, limit: query.limit as never }, meta);
  }

  @Get('anime/:id')
  @ApiOperation({ summary: 'One title by catalogue id or by Shikimori id' })
  details(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.anime.get', { id }, meta);
  }

  @Get('anime/:id/stats')
  @ApiOperation({ summary: 'List-status counts and score distribution of a title' })
  stats(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.anime.stats', { id }, meta);
  }

  @Get('anime/:id/poster.svg')
  @ApiOperation({ summary: 'Generated poster (SVG) for a title without one' })
  async poster(@Param('id') id: string, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    const { svg } = await this.rpc.send('catalogue.anime.poster', { id }, meta);
    // The URL carries the title's version, so the image never changes under it.
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff')
      .send(svg);
  }

  @Post('anime')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Add a title (admins only)' })
  @ApiBody({ schema: { type: 'object', required: ['title'] } })
  create(@Body() body: AnimeWrite, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.create', body ?? {}, meta));
  }

  @Put('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change fields of a title (admins only); like PATCH, the fields sent are the ones changed' })
  replace(@Param('id') id: string, @Body() body: AnimeWrite, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.patch', { id, anime: body ?? {} }, meta));
  }

  @Patch('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change fields of a title (admins only)' })
  patch(@Param('id') id: string, @Body() body: AnimeWrite, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.patch', { id, anime: body ?? {} }, meta));
  }

  @Delete('anime/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Remove a title (admins only)' })
  remove(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.anime.delete', { id }, meta));
  }

  @Post('anime/save-poster')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Set a title's poster URL (admins only)" })
  @ApiBody({ schema: { type: 'object', required: ['animeId', 'posterUrl'], properties: { animeId: { type: 'integer' }, posterUrl: { type: 'string' } } } })
  savePoster(@Body() body: { animeId?: number; posterUrl?: string } | undefined, @Meta() meta: RpcMeta) {
    return this.cache.afterWrite(this.rpc.send('catalogue.poster.save', { animeId: body?.animeId as number, posterUrl: body?.posterUrl as string }, meta));
  }
}

const pageOf = (query: QueryParams) => ({ page: query.page as never, limit: query.limit as never });

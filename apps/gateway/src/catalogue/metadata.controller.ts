import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

type JsonBody = Record<string, unknown> | undefined;

/**
 * Shikimori metadata for the catalogue (admins only): the sync queue and its progress, posters, the
 * parser (Kodik id + sync), screenshots to choose a background from. Work is queued: 202 Accepted.
 */
@ApiTags('catalogue metadata')
@ApiBearerAuth()
@AdminOnly()
@Controller()
export class MetadataController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('admin/catalogue/sync')
  @ApiOperation({ summary: 'Sync progress: queue counts, synced titles of those with a Shikimori id, recent failures' })
  progress(@Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.metadata.progress', {}, meta);
  }

  @Post('admin/catalogue/sync')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Queue a Shikimori sync of some titles (by Shikimori id) or of all of them; data.queued = jobs added' })
  @ApiBody({
    schema: {
      type: 'object',
      properties: { shikimoriIds: { type: 'array', items: { type: 'integer' }, maxItems: 1000 }, all: { type: 'boolean' } },
    },
  })
  sync(@Body() body: JsonBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.metadata.sync', { shikimoriIds: body?.shikimoriIds as never, all: body?.all as never }, meta);
  }

  @Post('anime/update-posters')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Queue a sync of every title that has a Shikimori id and no poster' })
  updatePosters(@Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.posters.update', {}, meta);
  }

  @Post('parser/parse')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "Store a title's Kodik id and queue its Shikimori sync" })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['shikimoriId'],
      properties: { shikimoriId: { type: 'integer' }, kodikId: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
    },
  })
  parse(@Body() body: JsonBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.parser.parse', { shikimoriId: body?.shikimoriId as never, kodikId: body?.kodikId as never }, meta);
  }

  @Get('images/search/:id')
  @ApiOperation({ summary: 'Shikimori screenshots of a title (to choose its background from)' })
  searchImages(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.images.search', { id }, meta);
  }

  @Post('images/set-background/:id')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "Queue setting a title's background image" })
  @ApiBody({ schema: { type: 'object', required: ['backgroundUrl'], properties: { backgroundUrl: { type: 'string', format: 'uri' } } } })
  setBackground(@Param('id') id: string, @Body() body: JsonBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.images.set-background', { id, backgroundUrl: body?.backgroundUrl as never }, meta);
  }
}

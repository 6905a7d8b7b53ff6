import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { metadataIdParamsSchema, metadataSyncSchema, parserParseSchema, setBackgroundBodySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class MetadataSyncBody extends createZodDto(metadataSyncSchema) {}
class ParserParseBody extends createZodDto(parserParseSchema) {}
class MetadataIdParams extends createZodDto(metadataIdParamsSchema) {}
class SetBackgroundBody extends createZodDto(setBackgroundBodySchema) {}

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
  sync(@Body() body: MetadataSyncBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.metadata.sync', body, meta);
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
  parse(@Body() body: ParserParseBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.parser.parse', body, meta);
  }

  @Get('images/search/:id')
  @ApiOperation({ summary: 'Shikimori screenshots of a title (to choose its background from)' })
  searchImages(@Param() params: MetadataIdParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.images.search', params, meta);
  }

  @Post('images/set-background/:id')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: "Queue setting a title's background image" })
  setBackground(@Param() { id }: MetadataIdParams, @Body() { backgroundUrl }: SetBackgroundBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('catalogue.images.set-background', { id, backgroundUrl }, meta);
  }
}

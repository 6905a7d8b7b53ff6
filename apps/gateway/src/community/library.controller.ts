import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { fieldErrorsOf, listExportSchema, listImportQuerySchema, listImportSchema, listUpdateSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { invalid } from '../uploads/multipart-form';
import { readListFile } from './list-file-upload';
import { CardRewards, LIST_CARD_WAIT_MS, listCardKey, withCardReward } from '../rewards/card-rewards';

class ListUpdateBody extends createZodDto(listUpdateSchema) {}
class ListExportQuery extends createZodDto(listExportSchema) {}
class ListImportQuery extends createZodDto(listImportQuerySchema) {}

/**
 * The list routes that do more than forward (docs/community.md): a change waits briefly for the day's list
 * card, an export is a download, an import a file upload. The others are LISTS_OPERATIONS.
 */
@ApiTags('lists')
@Controller()
export class LibraryController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cardRewards: CardRewards,
  ) {}

  @Put('users/anime/status')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Add a title to the list or change its entry: status, progress, or one watched episode (the list rules: docs/community.md)' })
  async update(@Body() body: ListUpdateBody, @Meta() meta: RpcMeta) {
    const since = new Date();
    const entry = await this.rpc.send('community.list.update', body, meta);
    // At most one list card a day (docs/rewards.md): a short wait only while the day's card is not yet granted.
    return withCardReward(entry, await this.cardRewards.await(listCardKey(meta.user!.id, since), LIST_CARD_WAIT_MS, meta, since));
  }

  @Get('users/anime/export')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Download the list as a MyAnimeList XML or Shikimori JSON export (importable by either site)' })
  async export(@Query() query: ListExportQuery, @Meta() meta: RpcMeta, @Res() reply: FastifyReply) {
    const file = await this.rpc.send('community.list.export', query, meta);
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
  async import(@Req() request: FastifyRequest, @Query() query: ListImportQuery, @Meta() meta: RpcMeta) {
    const file = await readListFile(request);
    // The query's format, or else the form's `format` field: parsed like any input before it is forwarded.
    const parsed = listImportSchema.safeParse({ format: query.format ?? file.format, content: file.content });
    if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
    return this.rpc.send('community.list.import', parsed.data, meta);
  }
}

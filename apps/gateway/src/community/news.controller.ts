import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { NEWS_COVER_MAX_BYTES, NEWS_MESSAGES, type NewsCoverUpload, type RpcMeta } from '@portal/contracts';
import { commentListQuerySchema, newsCommentBodySchema, newsParamsSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { storeNewsCover } from './news-cover';

class NewsParams extends createZodDto(newsParamsSchema) {}
class NewsCommentBody extends createZodDto(newsCommentBodySchema) {}
class NewsCommentsQuery extends createZodDto(commentListQuerySchema) {}

/**
 * What news need beyond their declared operations (NEWS_OPERATIONS, routed by OperationsController):
 * the comment threads under a news item, and the cover upload, resized here where the uploads live.
 */
@ApiTags('news')
@Controller()
export class NewsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
  ) {}

  @Get('news/:id/comments')
  @ApiOperation({ summary: "A published news item's comment threads, newest first (the comments of docs/community.md with target news); ?cursor, ?limit" })
  comments(@Param() { id }: NewsParams, @Query() query: NewsCommentsQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comments.list', { ...query, target: { type: 'news', id } }, meta);
  }

  @Post('news/:id/comments')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Comment on a published news item (1-2000 characters), or reply with parentId; edits, deletes and likes go through /comments/:id' })
  comment(@Param() { id }: NewsParams, @Body() body: NewsCommentBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.create', { ...body, target: { type: 'news', id } }, meta);
  }

  @Post('admin/news/covers')
  @AdminOnly()
  @HttpCode(201)
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOperation({ summary: 'Admin: upload a cover (JPEG, PNG, WebP or GIF by content, up to 8 MB); stored as WebP at 320/640/1280 px. Send {id, widths} as the news item’s cover' })
  async cover(@Req() request: FastifyRequest): Promise<NewsCoverUpload> {
    const { file } = await readFormWithFile(request, {
      fileField: 'file',
      maxBytes: NEWS_COVER_MAX_BYTES,
      messages: { notMultipart: NEWS_MESSAGES.notMultipart, tooLarge: NEWS_MESSAGES.coverTooLarge },
    });
    if (!file) throw invalidField('file', NEWS_MESSAGES.coverMissing);
    return storeNewsCover(this.storage, file);
  }
}

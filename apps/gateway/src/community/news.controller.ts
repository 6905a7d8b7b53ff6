import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { NEWS_COVER_MAX_BYTES, NEWS_MESSAGES, type NewsCoverUpload, type RpcMeta } from '@portal/contracts';
import {
  commentListQuerySchema,
  newsCommentBodySchema,
  newsCreateSchema,
  newsListQuerySchema,
  newsLookupSchema,
  newsParamsSchema,
  newsSettingsSchema,
  newsUpdateBodySchema,
} from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { FileStorage } from '../uploads/file-storage';
import { invalidField, readFormWithFile } from '../uploads/multipart-form';
import { storeNewsCover } from './news-cover';

class NewsCreateBody extends createZodDto(newsCreateSchema) {}
class NewsUpdateBody extends createZodDto(newsUpdateBodySchema) {}
class NewsParams extends createZodDto(newsParamsSchema) {}
class NewsLookupParams extends createZodDto(newsLookupSchema) {}
class NewsListQuery extends createZodDto(newsListQuerySchema) {}
class NewsSettingsBody extends createZodDto(newsSettingsSchema) {}
class NewsCommentBody extends createZodDto(newsCommentBodySchema) {}
class NewsCommentsQuery extends createZodDto(commentListQuerySchema) {}

/**
 * News (docs/community.md, «News»): the community owns them and decides what each viewer may read
 * (drafts and scheduled items only for admins), so nothing here is cached. Admin routes are checked
 * here and again by the community (both ask auth). Covers are resized here, where the uploads live.
 */
@ApiTags('news')
@Controller()
export class NewsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
  ) {}

  @Get('news')
  @ApiOperation({ summary: 'Published news, newest first (admins: drafts and scheduled too); ?page&limit&tag&animeId. data.data: the items, data.meta: the page' })
  list(@Query() query: NewsListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.list', query, meta);
  }

  @Get('news/:idOrSlug')
  @ApiOperation({ summary: 'One news item by id or slug (data.data); a draft or a scheduled one only for admins (404 for others)' })
  get(@Param() params: NewsLookupParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.get', params, meta);
  }

  @Post('news')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: write a news item; the body (HTML) is sanitised, the slug made from the title unless given' })
  create(@Body() body: NewsCreateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.create', body, meta);
  }

  @Put('news/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: change a news item (the fields given)' })
  update(@Param() { id }: NewsParams, @Body() body: NewsUpdateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.update', { ...body, id }, meta);
  }

  @Delete('news/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: delete a news item' })
  remove(@Param() params: NewsParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.delete', params, meta);
  }

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

  @Get('admin/news/settings')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: whether «Вышла N серия …» is published automatically' })
  settings(@Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.settings.get', {}, meta);
  }

  @Put('admin/news/settings')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: turn automatic news on or off ({ autoNews })' })
  setSettings(@Body() body: NewsSettingsBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.news.settings.set', body, meta);
  }
}

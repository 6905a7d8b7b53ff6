import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import {
  animeCommentsParamsSchema,
  commentCreateBodySchema,
  commentListQuerySchema,
  commentParamsSchema,
  commentRevealQuerySchema,
  commentUpdateBodySchema,
  latestCommentsQuerySchema,
} from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class CommentCreateBody extends createZodDto(commentCreateBodySchema) {}
class CommentUpdateBody extends createZodDto(commentUpdateBodySchema) {}
class CommentParams extends createZodDto(commentParamsSchema) {}
class CommentRevealQuery extends createZodDto(commentRevealQuerySchema) {}
class AnimeCommentsParams extends createZodDto(animeCommentsParamsSchema) {}
class CommentListQuery extends createZodDto(commentListQuerySchema) {}
class LatestCommentsQuery extends createZodDto(latestCommentsQuerySchema) {}

/**
 * Comments (docs/community.md, «Comments»): the community owns them and decides what each viewer may
 * read (spoilers), so these answers are never in the catalogue's response cache.
 */
@ApiTags('comments')
@Controller()
export class CommentsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('comments')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Post a comment on a title (1-2000 characters after trimming), a reply with parentId, a spoiler pinned to episode and at (seconds)',
  })
  create(@Body() body: CommentCreateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.create', body, meta);
  }

  @Get('anime/:id/comments')
  @ApiOperation({ summary: "A title's threads, newest first, replies nested (depth ≤ 3); ?cursor=<nextCursor> for older ones, ?reveal=<id> shows one spoiler" })
  list(@Param() { id }: AnimeCommentsParams, @Query() query: CommentListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comments.list', { ...query, target: { type: 'anime', id } }, meta);
  }

  // Before `comments/:id`, which would otherwise take `latest` for an id.
  @Get('comments/latest')
  @ApiOperation({ summary: 'The newest comments across all titles, each with its title (spoilers hidden by the same rule)' })
  latest(@Query() query: LatestCommentsQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comments.latest', query, meta);
  }

  @Get('comments/:id')
  @ApiOperation({ summary: 'One comment with the replies shown under it; ?reveal=<id> shows a spoiler' })
  get(@Param() { id }: CommentParams, @Query() { reveal }: CommentRevealQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.get', { id, reveal }, meta);
  }

  @Put('comments/:id')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the text of one’s own comment (sets editedAt)' })
  update(@Param() { id }: CommentParams, @Body() { content }: CommentUpdateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.update', { id, content }, meta);
  }

  @Delete('comments/:id')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a comment (its author or an admin); with replies it stays as «Комментарий удалён»' })
  remove(@Param() params: CommentParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.delete', params, meta);
  }

  @Post('comments/:id/like')
  @RequireUser()
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Like a comment (once per user, not one’s own)' })
  like(@Param() params: CommentParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.like', params, meta);
  }

  @Delete('comments/:id/like')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take one’s like back' })
  unlike(@Param() params: CommentParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comment.unlike', params, meta);
  }
}

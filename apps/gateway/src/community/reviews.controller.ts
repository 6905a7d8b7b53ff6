import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import {
  animeReviewsParamsSchema,
  pendingReviewsQuerySchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewParamsSchema,
  reviewRejectBodySchema,
  reviewUpdateBodySchema,
  reviewVoteBodySchema,
} from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';

class ReviewCreateBody extends createZodDto(reviewCreateSchema) {}
class ReviewUpdateBody extends createZodDto(reviewUpdateBodySchema) {}
class ReviewRejectBody extends createZodDto(reviewRejectBodySchema) {}
class ReviewVoteBody extends createZodDto(reviewVoteBodySchema) {}
class ReviewParams extends createZodDto(reviewParamsSchema) {}
class AnimeReviewsParams extends createZodDto(animeReviewsParamsSchema) {}
class ReviewListQuery extends createZodDto(reviewListQuerySchema) {}
class PendingReviewsQuery extends createZodDto(pendingReviewsQuerySchema) {}

/**
 * Reviews (docs/community.md, «Reviews»): the community owns them and decides what each viewer may
 * read (pending and rejected ones only for their author and admins), so nothing here is cached.
 * Admin routes are checked here and again by the community (both ask auth).
 */
@ApiTags('reviews')
@Controller()
export class ReviewsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('reviews')
  @ApiOperation({ summary: 'Approved reviews of all titles, each with its title; ?sort=date|helpful, ?cursor=<nextCursor>' })
  list(@Query() query: ReviewListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.reviews.list', query, meta);
  }

  @Get('reviews/one/:id')
  @ApiOperation({ summary: 'One review; a pending or rejected one only for its author and admins (404 for others)' })
  get(@Param() params: ReviewParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.get', params, meta);
  }

  @Get('reviews/:animeId')
  @ApiOperation({ summary: "A title's approved reviews (the caller's own pending or rejected one first on the first page); ?sort=date|helpful" })
  ofAnime(@Param() { animeId }: AnimeReviewsParams, @Query() query: ReviewListQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.reviews.anime', { ...query, animeId }, meta);
  }

  @Post('reviews')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Write a review (one per title; text 500-20000 characters, score 1-10); pending until approved. cardReward is null for now' })
  create(@Body() body: ReviewCreateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.create', body, meta);
  }

  @Put('reviews/:id')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The author changes title, text or score; the review goes back to pending' })
  update(@Param() { id }: ReviewParams, @Body() body: ReviewUpdateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.update', { ...body, id }, meta);
  }

  @Delete('reviews/:id')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a review (its author or an admin)' })
  remove(@Param() params: ReviewParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.delete', params, meta);
  }

  @Put('reviews/:id/approve')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: approve a pending review (publishes it, tells the author)' })
  approve(@Param() params: ReviewParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.approve', params, meta);
  }

  @Put('reviews/:id/reject')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: reject a pending review with a reason (up to 500 characters), told to the author' })
  reject(@Param() { id }: ReviewParams, @Body() { reason }: ReviewRejectBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.reject', { id, reason }, meta);
  }

  @Put('reviews/:id/vote')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: '«Полезно» (helpful: true) or «Бесполезно» (false) on someone else’s approved review; again changes it' })
  vote(@Param() { id }: ReviewParams, @Body() { helpful }: ReviewVoteBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.vote', { id, helpful }, meta);
  }

  @Delete('reviews/:id/vote')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Take one’s vote back' })
  unvote(@Param() params: ReviewParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.review.unvote', params, meta);
  }

  @Get('admin/reviews/pending')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: reviews waiting for moderation, oldest first, with the count pending' })
  pending(@Query() query: PendingReviewsQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.reviews.pending', query, meta);
  }
}

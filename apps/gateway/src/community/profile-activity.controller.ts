import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { profileActivityParamsSchema, userCommentsQuerySchema, userReviewsQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class ProfileActivityParams extends createZodDto(profileActivityParamsSchema) {}
class UserCommentsQuery extends createZodDto(userCommentsQuerySchema) {}
class UserReviewsQuery extends createZodDto(userReviewsQuerySchema) {}

/**
 * A profile's «Рецензии» and «Комментарии» tabs (docs/community.md, «Profile»): the community decides
 * what the caller may see (spoilers, reviews not approved yet), so nothing here is cached.
 */
@ApiTags('profile')
@Controller()
export class ProfileActivityController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users/profile/:username/comments')
  @ApiOperation({ summary: "A user's comments, newest first, each with its title (spoilers hidden by the latest feed's rule); ?cursor=<nextCursor>" })
  comments(@Param() { username }: ProfileActivityParams, @Query() query: UserCommentsQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.comments.of-user', { ...query, username }, meta);
  }

  @Get('users/profile/:username/reviews')
  @ApiOperation({ summary: "A user's reviews, newest first, each with its title: approved ones; the author and admins also get pending and rejected ones" })
  reviews(@Param() { username }: ProfileActivityParams, @Query() query: UserReviewsQuery, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('community.reviews.of-user', { ...query, username }, meta));
  }

  @Get('users/profile/:username/community-counts')
  @ApiOperation({ summary: "How many comments and reviews of a user the caller may see (a profile's tab labels)" })
  counts(@Param() params: ProfileActivityParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('community.counts.of-user', params, meta);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import {
  animeReviewListSchema,
  pendingReviewsQuerySchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewParamsSchema,
  reviewRejectSchema,
  reviewUpdateSchema,
  reviewVoteSchema,
} from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { ReviewsReader } from './services/reviews-reader';
import { ReviewsService } from './services/reviews.service';

/** Reviews (docs/community.md, «Reviews»). The author is always the caller's token; the admin role is asked of auth. */
@Controller()
export class ReviewsMessageController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly reader: ReviewsReader,
  ) {}

  @MessagePattern('community.review.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reviews.create(user, validatePayload(reviewCreateSchema, data));
  }

  @MessagePattern('community.reviews.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.all(meta.user, validatePayload(reviewListQuerySchema, data));
  }

  @MessagePattern('community.reviews.anime')
  ofAnime(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.ofAnime(meta.user, validatePayload(animeReviewListSchema, data));
  }

  @MessagePattern('community.review.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.one(meta.user, validatePayload(reviewParamsSchema, data).id);
  }

  @MessagePattern('community.review.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reviews.update(user, validatePayload(reviewUpdateSchema, data));
  }

  @MessagePattern('community.review.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reviews.remove(user, validatePayload(reviewParamsSchema, data).id);
  }

  @MessagePattern('community.review.approve')
  approve(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reviews.approve(user, validatePayload(reviewParamsSchema, data).id);
  }

  @MessagePattern('community.review.reject')
  reject(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { id, reason } = validatePayload(reviewRejectSchema, data);
    return this.reviews.reject(user, id, reason);
  }

  @MessagePattern('community.reviews.pending')
  pending(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reader.pending(user, validatePayload(pendingReviewsQuerySchema, data));
  }

  @MessagePattern('community.review.vote')
  vote(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { id, helpful } = validatePayload(reviewVoteSchema, data);
    return this.reviews.vote(user, id, helpful);
  }

  @MessagePattern('community.review.unvote')
  unvote(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.reviews.unvote(user, validatePayload(reviewParamsSchema, data).id);
  }
}

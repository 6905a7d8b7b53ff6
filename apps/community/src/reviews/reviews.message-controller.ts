import { Controller } from '@nestjs/common';
import type {
  AnimeReviewListRequest,
  AuthenticatedUser,
  PendingReviewsRequest,
  ReviewCreateRequest,
  ReviewListRequest,
  ReviewUpdateRequest,
} from '@portal/contracts';
import { REVIEWS_OPERATIONS } from '@portal/contracts/operations';
import type { ReviewIdRequest, ReviewRejectRequest, ReviewVoteRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { ReviewsReader } from './services/reviews-reader';
import { ReviewsService } from './services/reviews.service';

/** Reviews (docs/community.md, «Reviews»). The author is always the caller's token. */
@Controller()
export class ReviewsMessageController {
  constructor(
    private readonly reviews: ReviewsService,
    private readonly reader: ReviewsReader,
  ) {}

  @HandlesOperation(REVIEWS_OPERATIONS.create)
  create(@Input() review: ReviewCreateRequest, @Caller() author: AuthenticatedUser) {
    return this.reviews.create(author, review);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.list)
  list(@Input() query: ReviewListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.all(viewer, query);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.ofAnime)
  ofAnime(@Input() query: AnimeReviewListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.ofAnime(viewer, query);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.get)
  get(@Input() { id }: ReviewIdRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.one(viewer, id);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.update)
  update(@Input() change: ReviewUpdateRequest, @Caller() author: AuthenticatedUser) {
    return this.reviews.update(author, change);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.delete)
  remove(@Input() { id }: ReviewIdRequest, @Caller() user: AuthenticatedUser) {
    return this.reviews.remove(user, id);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.approve)
  approve(@Input() { id }: ReviewIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.reviews.approve(admin, id);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.reject)
  reject(@Input() { id, reason }: ReviewRejectRequest, @Caller() admin: AuthenticatedUser) {
    return this.reviews.reject(admin, id, reason);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.pending)
  pending(@Input() query: PendingReviewsRequest, @Caller() admin: AuthenticatedUser) {
    return this.reader.pending(admin, query);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.vote)
  vote(@Input() { id, helpful }: ReviewVoteRequest, @Caller() voter: AuthenticatedUser) {
    return this.reviews.vote(voter, id, helpful);
  }

  @HandlesOperation(REVIEWS_OPERATIONS.unvote)
  unvote(@Input() { id }: ReviewIdRequest, @Caller() voter: AuthenticatedUser) {
    return this.reviews.unvote(voter, id);
  }
}

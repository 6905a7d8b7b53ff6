import { Injectable } from '@nestjs/common';
import type { AuthenticatedUser, CommunityCounts, Page, ReviewWithAnime, UserCommentPage, UserCommentsRequest, UserReviewsRequest } from '@portal/contracts';
import { AccountDirectory } from '@portal/platform';
import { CommentsRepository } from '../../comments/comments.repository';
import { CommentsReader } from '../../comments/services/comments-reader';
import { ReviewsReader } from '../../reviews/services/reviews-reader';

/**
 * A profile's «Рецензии» and «Комментарии» tabs (docs/community.md, «Profile»): the username is
 * resolved by auth (404 when there is no such account), then the comments' and the reviews' readers
 * decide what the caller may see, exactly as on a title's page.
 */
@Injectable()
export class ProfileActivityService {
  constructor(
    private readonly users: AccountDirectory,
    private readonly commentsReader: CommentsReader,
    private readonly commentRows: CommentsRepository,
    private readonly reviewsReader: ReviewsReader,
  ) {}

  async comments(viewer: AuthenticatedUser | undefined, { username, cursor, limit }: UserCommentsRequest): Promise<UserCommentPage> {
    return this.commentsReader.ofAuthor(viewer, await this.users.idOf(username), cursor, limit);
  }

  async reviews(viewer: AuthenticatedUser | undefined, { username, page, limit }: UserReviewsRequest): Promise<Page<ReviewWithAnime>> {
    return this.reviewsReader.ofAuthor(viewer, await this.users.idOf(username), { page, limit });
  }

  /** Both numbers in one answer, so a profile's tab labels show them before either tab is opened. */
  async counts(viewer: AuthenticatedUser | undefined, username: string): Promise<CommunityCounts> {
    const id = await this.users.idOf(username);
    const [comments, reviews] = await Promise.all([this.commentRows.liveCountOf(id), this.reviewsReader.countOfAuthor(viewer, id)]);
    return { comments, reviews };
  }
}

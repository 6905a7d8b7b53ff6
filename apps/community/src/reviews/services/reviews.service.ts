import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  REVIEW_MESSAGES,
  type AuthenticatedUser,
  type ReviewCreated,
  type ReviewCreateRequest,
  type ReviewItem,
  type ReviewUpdateRequest,
  type ReviewVoteState,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import { AnimeRefsRepository } from '../../anime-refs/anime-refs.repository';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { Accounts } from '../../accounts/accounts';
import { UserRefsRepository } from '../../accounts/user-refs.repository';
import { NotificationsService } from '../../notifications/notifications.service';
import { toReviewItem } from '../review-view';
import { type ReviewRow, ReviewsRepository } from '../reviews.repository';

const notFound = () => RpcError.of(ErrorCode.NotFound, REVIEW_MESSAGES.notFound);
const duplicate = () => RpcError.of(ErrorCode.Conflict, REVIEW_MESSAGES.duplicate);

/**
 * Writing reviews: posting, the author's edits, deleting, moderation and votes. Every check that
 * can refuse runs before anything is written (or rolls the transaction back), so a refusal leaves no row.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly users: UserRefsRepository,
    private readonly titles: AnimeRefsService,
    private readonly titleRows: AnimeRefsRepository,
    private readonly accounts: Accounts,
    private readonly outbox: OutboxPublisher,
    private readonly notifications: NotificationsService,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  /** A new review waits for moderation. `cardReward` stays null until the rewards service grants cards. */
  async create(user: AuthenticatedUser, { animeId, title, text, score }: ReviewCreateRequest): Promise<ReviewCreated> {
    const anime = await this.titles.peek(animeId);
    if (!anime) throw RpcError.of(ErrorCode.NotFound, REVIEW_MESSAGES.animeNotFound);
    if (await this.reviews.existsFor(user.id, anime.id)) throw duplicate();
    const author = (await this.users.exists(user.id)) ? null : await this.accounts.profileOf(user);
    const row = await this.reviews.transaction(async (manager) => {
      await this.titleRows.upsert([anime], manager);
      if (author) await this.users.ensure(manager, author);
      // The unique index decides between concurrent posts: the loser's transaction rolls back whole.
      const inserted = await this.reviews.insert(manager, { id: randomUUID(), animeId: anime.id, authorId: user.id, title, text, score });
      if (!inserted) throw duplicate();
      await this.outbox.publish(manager, 'community.review.posted', { reviewId: inserted.id, animeId: anime.id, authorId: user.id });
      return inserted;
    });
    this.outbox.afterCommit();
    return { ...this.asAuthor(row), cardReward: null };
  }

  /** The author changes the headline, text or score; the review goes back to pending (its reason is dropped). */
  async update(user: AuthenticatedUser, { id, title, text, score }: ReviewUpdateRequest): Promise<ReviewItem> {
    const row = await this.reviews.transaction(async (manager) => {
      const current = await this.reviews.lock(manager, id);
      if (!current) throw notFound();
      // Admins moderate; they do not rewrite.
      if (current.author_id !== user.id) throw RpcError.of(ErrorCode.Forbidden, REVIEW_MESSAGES.editForeign);
      return this.reviews.update(manager, id, { title, text, score });
    });
    return this.asAuthor(row);
  }

  /**
   * By its author, or by an admin (asked of auth only when the caller is not the author; the moderation's
   * report decisions come this way too): an admin's deletion commits with `community.admin.acted`.
   */
  async remove(user: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    const current = await this.reviews.find(id);
    if (!current) throw notFound();
    const byAdmin = current.author_id !== user.id;
    if (byAdmin && !(await this.accounts.isAdmin(user))) throw RpcError.of(ErrorCode.Forbidden, REVIEW_MESSAGES.deleteForeign);
    await this.reviews.transaction(async (manager) => {
      if (!(await this.reviews.remove(manager, id))) throw notFound();
      if (byAdmin) {
        const before = { animeId: current.anime_id, title: current.title, text: current.text, score: current.score, status: current.status };
        await this.adminActions.publish(manager, user, {
          target: 'review',
          targetId: id,
          action: 'deleted',
          subjectUserId: current.author_id,
          before,
          after: null,
        });
      }
    });
    return { id, deleted: true };
  }

  /** pending → approved: `community.review.approved` and the author's notification commit with it. */
  async approve(user: AuthenticatedUser, id: string): Promise<ReviewItem> {
    const row = await this.reviews.transaction(async (manager) => {
      const approved = await this.moderate(manager, user, id, 'approved', null);
      await this.outbox.publish(manager, 'community.review.approved', {
        reviewId: approved.id,
        animeId: approved.anime_id,
        authorId: approved.author_id,
        authorUsername: approved.username,
      });
      await this.notifications.notify(manager, {
        userId: approved.author_id,
        kind: 'review.approved',
        target: { type: 'review', reviewId: approved.id, animeId: approved.anime_id, animeTitle: approved.anime_title },
      });
      return approved;
    });
    this.outbox.afterCommit();
    return toReviewItem(row, { viewerId: user.id, admin: true, votes: new Map() });
  }

  /** pending → rejected with a reason, which the author is told. */
  async reject(user: AuthenticatedUser, id: string, reason: string): Promise<ReviewItem> {
    const row = await this.reviews.transaction(async (manager) => {
      const rejected = await this.moderate(manager, user, id, 'rejected', reason);
      await this.notifications.notify(manager, {
        userId: rejected.author_id,
        kind: 'review.rejected',
        target: { type: 'review', reviewId: rejected.id, animeId: rejected.anime_id, animeTitle: rejected.anime_title, reason },
      });
      return rejected;
    });
    return toReviewItem(row, { viewerId: user.id, admin: true, votes: new Map() });
  }

  /** «Полезно» (true) or «Бесполезно» (false) on someone else's approved review; voting again changes it. */
  async vote(user: AuthenticatedUser, id: string, helpful: boolean): Promise<ReviewVoteState> {
    const counts = await this.reviews.transaction(async (manager) => {
      await this.votable(manager, user, id);
      return this.reviews.vote(manager, id, user.id, helpful);
    });
    return { id, ...counts, myVote: helpful };
  }

  async unvote(user: AuthenticatedUser, id: string): Promise<ReviewVoteState> {
    const counts = await this.reviews.transaction(async (manager) => {
      await this.votable(manager, user, id);
      return this.reviews.unvote(manager, id, user.id);
    });
    return { id, ...counts, myVote: null };
  }

  /** Locks the review first, so every vote change on it (and its counters) takes its turn. */
  private async votable(manager: EntityManager, user: AuthenticatedUser, id: string): Promise<ReviewRow> {
    const current = await this.reviews.lock(manager, id);
    if (!current) throw notFound();
    if (current.author_id === user.id) throw RpcError.validation([{ field: 'id', message: REVIEW_MESSAGES.voteOwn }]);
    // Only published reviews are voted on; the others are not there for anyone but their author.
    if (current.status !== 'approved') throw notFound();
    return current;
  }

  /** Only a pending review is decided on (its reason is null then); the decision commits with `community.admin.acted`. */
  private async moderate(
    manager: EntityManager,
    user: AuthenticatedUser,
    id: string,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<ReviewRow> {
    const row = await this.reviews.moderate(manager, id, status, reason, user.id);
    if (row) {
      const [before, after] =
        status === 'approved'
          ? [{ status: 'pending' }, { status }]
          : [
              { status: 'pending', reason: null },
              { status, reason },
            ];
      await this.adminActions.publish(manager, user, { target: 'review', targetId: id, action: status, subjectUserId: row.author_id, before, after });
      return row;
    }
    if (!(await this.reviews.find(id, manager))) throw notFound();
    throw RpcError.of(ErrorCode.Conflict, REVIEW_MESSAGES.notPending);
  }

  private asAuthor(row: ReviewRow): ReviewItem {
    return toReviewItem(row, { viewerId: row.author_id, admin: false, votes: new Map() });
  }
}

import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  REVIEW_MESSAGES,
  type AnimeReviewListRequest,
  type AuthenticatedUser,
  type Page,
  type PendingReviewPage,
  type PendingReviewsRequest,
  type ReviewItem,
  type ReviewListRequest,
  type ReviewPage,
  type ReviewWithAnime,
  type ReviewWithAnimePage,
} from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { Accounts } from '../../accounts/accounts';
import { mayRead, type ReviewsView, toReviewItem, toReviewWithAnime } from '../review-view';
import { parseReviewCursor, reviewCursorOf, type ReviewRow, ReviewsRepository } from '../reviews.repository';

const notFound = () => RpcError.of(ErrorCode.NotFound, REVIEW_MESSAGES.notFound);

/**
 * Reading reviews, decided per viewer: approved ones are public; a pending or rejected one exists only
 * for its author and admins (a 404 for everyone else), and only they get a rejection's reason.
 */
@Injectable()
export class ReviewsReader {
  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly titles: AnimeRefsService,
    private readonly accounts: Accounts,
  ) {}

  /** Approved reviews of every title, with the title each is about. */
  async all(viewer: AuthenticatedUser | undefined, { cursor, limit, sort }: ReviewListRequest): Promise<ReviewWithAnimePage> {
    const rows = await this.reviews.approved(null, sort, parseReviewCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const view = await this.viewOf(viewer, page, false);
    return { items: page.map((row) => toReviewWithAnime(row, view)), nextCursor: rows.length > limit ? reviewCursorOf(page[page.length - 1], sort) : null };
  }

  /**
   * A title's approved reviews; on the first page the caller's own review, when it is pending or
   * rejected, comes first (`mine`, its status says which), beyond `limit`.
   */
  async ofAnime(viewer: AuthenticatedUser | undefined, { animeId, cursor, limit, sort }: AnimeReviewListRequest): Promise<ReviewPage> {
    const title = (await this.titles.resolve([animeId])).get(animeId);
    if (!title) throw RpcError.of(ErrorCode.NotFound, REVIEW_MESSAGES.animeNotFound);
    const [rows, own] = await Promise.all([
      this.reviews.approved(title.id, sort, parseReviewCursor(cursor), limit + 1),
      viewer && !cursor ? this.reviews.ownOf(viewer.id, title.id) : Promise.resolve(null),
    ]);
    const page = rows.slice(0, limit);
    const shown = own && own.status !== 'approved' ? [own, ...page] : page;
    const view = await this.viewOf(viewer, shown, false);
    return { items: shown.map((row) => toReviewItem(row, view)), nextCursor: rows.length > limit ? reviewCursorOf(page[page.length - 1], sort) : null };
  }

  /** One review; a hidden one is a 404 (nothing says it exists). */
  async one(viewer: AuthenticatedUser | undefined, id: string): Promise<ReviewItem> {
    const row = await this.reviews.find(id);
    if (!row) throw notFound();
    const mine = viewer?.id === row.author_id;
    // Auth is asked for the role only when the review is not public and not the caller's.
    const admin = !mine && row.status !== 'approved' && viewer ? await this.accounts.isAdminOrNot(viewer) : false;
    if (!mayRead(row, viewer?.id ?? null, admin)) throw notFound();
    return toReviewItem(row, await this.viewOf(viewer, [row], admin));
  }

  /** The moderation queue (an admin's: the operation's access asked auth), oldest first, with how many wait. */
  async pending(viewer: AuthenticatedUser, { cursor, limit }: PendingReviewsRequest): Promise<PendingReviewPage> {
    const [rows, pending] = await Promise.all([this.reviews.pending(parseReviewCursor(cursor), limit + 1), this.reviews.pendingCount()]);
    const page = rows.slice(0, limit);
    const view = await this.viewOf(viewer, page, true);
    return {
      items: page.map((row) => toReviewWithAnime(row, view)),
      nextCursor: rows.length > limit ? reviewCursorOf(page[page.length - 1], 'date') : null,
      pending,
    };
  }

  /**
   * A user's reviews, newest first, each with its title: the approved ones, and for the author and
   * admins every status (`status` says which; the reason of a rejection too).
   */
  async ofAuthor(viewer: AuthenticatedUser | undefined, authorId: string, { page, limit }: { page: number; limit: number }): Promise<Page<ReviewWithAnime>> {
    const counts = await this.reviews.authorCounts(authorId);
    const { everyStatus, admin } = await this.readerOf(viewer, authorId, counts);
    const rows = await this.reviews.ofAuthor(authorId, everyStatus, (page - 1) * limit, limit);
    const view = await this.viewOf(viewer, rows, admin);
    return { items: rows.map((row) => toReviewWithAnime(row, view)), page, limit, total: everyStatus ? counts.total : counts.approved };
  }

  /** How many of a user's reviews the viewer may see. */
  async countOfAuthor(viewer: AuthenticatedUser | undefined, authorId: string): Promise<number> {
    const counts = await this.reviews.authorCounts(authorId);
    return (await this.readerOf(viewer, authorId, counts)).everyStatus ? counts.total : counts.approved;
  }

  /** Whether the viewer sees a user's pending and rejected reviews: the author, and admins. */
  private async readerOf(viewer: AuthenticatedUser | undefined, authorId: string, counts: { approved: number; total: number }) {
    if (!viewer) return { everyStatus: false, admin: false };
    if (viewer.id === authorId) return { everyStatus: true, admin: false };
    // Auth is asked for the role only when the user has a review the public does not see.
    const admin = counts.total > counts.approved && (await this.accounts.isAdminOrNot(viewer));
    return { everyStatus: admin, admin };
  }

  private async viewOf(viewer: AuthenticatedUser | undefined, rows: ReviewRow[], admin: boolean): Promise<ReviewsView> {
    if (!viewer) return { viewerId: null, admin: false, votes: new Map() };
    const votes = await this.reviews.votesOf(
      viewer.id,
      rows.map((row) => row.id),
    );
    // Held reviews of others: auth is asked for the role only then.
    const seesHeld = admin || (rows.some((row) => row.held && row.author_id !== viewer.id) && (await this.accounts.isAdminOrNot(viewer)));
    return { viewerId: viewer.id, admin: seesHeld, votes };
  }
}

import { Injectable } from '@nestjs/common';
import {
  AMV_MESSAGES,
  COMMENT_MESSAGES,
  COMMENT_THREAD_REPLIES_SHOWN,
  ErrorCode,
  NEWS_MESSAGES,
  type AuthenticatedUser,
  type CommentListRequest,
  type CommentNode,
  type CommentThread,
  type CommentThreadPage,
  type LatestComment,
  type UserCommentPage,
} from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AmvRepository } from '../../amv/amv.repository';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { NewsReader } from '../../news/services/news-reader';
import { buildTree, type CommentsView, cursorOf, hasWatched, isSpoiler, parseCursor, toLatestComment } from '../comment-view';
import { type CommentRow, CommentsRepository, type LatestCommentRow } from '../comments.repository';
import { Accounts } from '../../accounts/accounts';

const notFound = () => RpcError.of(ErrorCode.NotFound, COMMENT_MESSAGES.notFound);

/**
 * Reading comments, decided per viewer: a spoiler's text goes only to its author, admins, viewers
 * whose saved progress has passed its moment, and to whoever asked to reveal that one comment.
 */
@Injectable()
export class CommentsReader {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly titles: AnimeRefsService,
    private readonly accounts: Accounts,
    private readonly amv: AmvRepository,
    private readonly news: NewsReader,
  ) {}

  /** A title's threads, newest first, each with up to COMMENT_THREAD_REPLIES_SHOWN replies nested. */
  async threads(viewer: AuthenticatedUser | undefined, { target, cursor, limit, reveal }: CommentListRequest): Promise<CommentThreadPage> {
    const title = target.type === 'anime' ? (await this.titles.resolve([target.id])).get(target.id) : null;
    if (target.type === 'anime' && !title) throw RpcError.of(ErrorCode.NotFound, COMMENT_MESSAGES.animeNotFound);
    if (target.type === 'amv' && !(await this.amv.find(target.id))) throw RpcError.of(ErrorCode.NotFound, AMV_MESSAGES.notFound);
    if (target.type === 'news' && !(await this.news.isPublished(target.id))) throw RpcError.of(ErrorCode.NotFound, NEWS_MESSAGES.notFound);
    const roots = await this.comments.threads(target.type, String(title ? title.id : target.id), parseCursor(cursor), limit + 1);
    const page = roots.slice(0, limit);
    const replies = await this.comments.repliesOf(
      page.map((root) => root.id),
      COMMENT_THREAD_REPLIES_SHOWN + 1,
    );
    const byThread = new Map<string, CommentRow[]>();
    for (const reply of replies) {
      const thread = byThread.get(reply.root_id);
      if (thread) thread.push(reply);
      else byThread.set(reply.root_id, [reply]);
    }
    const shown = (root: CommentRow) => (byThread.get(root.id) ?? []).slice(0, COMMENT_THREAD_REPLIES_SHOWN);
    const view = await this.viewOf(
      viewer,
      page.flatMap((root) => [root, ...shown(root)]),
      reveal,
    );
    const items = page.flatMap((root): CommentThread[] => {
      const tree = buildTree(root.id, [root, ...shown(root)], view);
      return tree ? [{ ...tree, moreReplies: (byThread.get(root.id)?.length ?? 0) > COMMENT_THREAD_REPLIES_SHOWN }] : [];
    });
    return { items, nextCursor: roots.length > limit ? cursorOf(page[page.length - 1]) : null };
  }

  /** One comment with the replies shown under it; a deleted one only while it holds live replies. */
  async one(viewer: AuthenticatedUser | undefined, id: string, reveal: string | undefined): Promise<CommentNode> {
    const row = await this.comments.find(id);
    if (!row) throw notFound();
    // What is shown under a comment is newer than it and in its thread.
    const below = await this.comments.repliesOf([row.root_id], COMMENT_THREAD_REPLIES_SHOWN, row.created_at);
    const rows = [row, ...below.filter((reply) => reply.id !== row.id)];
    const node = buildTree(row.id, rows, await this.viewOf(viewer, rows, reveal));
    if (!node) throw notFound();
    return node;
  }

  async latest(viewer: AuthenticatedUser | undefined, limit: number): Promise<LatestComment[]> {
    return this.withTitles(viewer, await this.comments.latest(limit));
  }

  /** A user's live comments, newest first, each with its title: the latest feed's items and spoiler rule. */
  async ofAuthor(viewer: AuthenticatedUser | undefined, authorId: string, cursor: string | undefined, limit: number): Promise<UserCommentPage> {
    const rows = await this.comments.ofAuthor(authorId, parseCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    return { items: await this.withTitles(viewer, page), nextCursor: rows.length > limit ? cursorOf(page[page.length - 1]) : null };
  }

  private async withTitles(viewer: AuthenticatedUser | undefined, rows: LatestCommentRow[]): Promise<LatestComment[]> {
    const view = await this.viewOf(viewer, rows, undefined);
    return rows.map((row) => toLatestComment(row, view));
  }

  /**
   * Which spoilers this viewer may read, and which comments they like. Progress is read only when a
   * spoiler is at stake, and auth is asked for the role only when one is still hidden after that.
   */
  private async viewOf(viewer: AuthenticatedUser | undefined, rows: CommentRow[], reveal: string | undefined): Promise<CommentsView> {
    const revealed = new Set<string>();
    const spoilers = rows.filter((row) => isSpoiler(row) && row.deleted_at === null);
    let pending = spoilers.filter((row) => {
      const open = row.id === reveal || row.author_id === viewer?.id;
      if (open) revealed.add(row.id);
      return !open;
    });
    if (!viewer) return { revealed, likedByMe: new Set() };
    const heldShown = new Set(rows.filter((row) => row.held && row.author_id === viewer.id).map((row) => row.id));
    const heldOthers = rows.filter((row) => row.held && row.author_id !== viewer.id);

    const animeIds = [...new Set(pending.filter((row) => row.target_type === 'anime').map((row) => Number(row.target_id)))];
    const [watched, likedByMe] = await Promise.all([
      this.comments.watched(viewer.id, animeIds),
      this.comments.likedBy(
        viewer.id,
        rows.map((row) => row.id),
      ),
    ]);
    const watchedOf = new Map(watched.map((row) => [String(row.anime_id), row]));
    pending = pending.filter((row) => {
      const seen = row.target_type === 'anime' && hasWatched(watchedOf.get(row.target_id), row.episode as number, row.at_seconds as number);
      if (seen) revealed.add(row.id);
      return !seen;
    });
    if ((pending.length > 0 || heldOthers.length > 0) && (await this.accounts.isAdminOrNot(viewer))) {
      pending.forEach((row) => revealed.add(row.id));
      heldOthers.forEach((row) => heldShown.add(row.id));
    }
    return { revealed, likedByMe, heldShown };
  }
}

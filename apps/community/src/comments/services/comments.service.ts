import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AMV_MESSAGES,
  COMMENT_DEPTH_MAX,
  COMMENT_MESSAGES,
  ErrorCode,
  NEWS_MESSAGES,
  type AuthenticatedUser,
  type CommentCreateRequest,
  type CommentItem,
  type CommentLikeState,
  type TitleRef,
} from '@portal/contracts';
import { OutboxPublisher, transportCall } from '@portal/messaging';
import { maskBadWords, RpcError } from '@portal/platform';
import { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import { AmvRepository } from '../../amv/amv.repository';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { NewsReader } from '../../news/services/news-reader';
import { RankingCountersRepository } from '../../rankings/ranking-counters.repository';
import { excerptOf, GUEST_VIEW, isSpoiler, toCommentItem } from '../comment-view';
import { CommentLikesPusher } from '../comment-likes-pusher';
import { type CommentRow, CommentsRepository } from '../comments.repository';
import { CommentsPusher } from '../comments-pusher';
import { UserRefsRepository } from '../../accounts/user-refs.repository';
import { Accounts } from '../../accounts/accounts';
import { CommentLimits } from './comment-limits';

const notFound = () => RpcError.of(ErrorCode.NotFound, COMMENT_MESSAGES.notFound);

/** The title whose room hears about a comment; null for targets that have no room yet (news, AMVs). */
/** A new comment checked against its target and its parent, ready to be written. */
interface CommentToStore extends Pick<CommentCreateRequest, 'target' | 'content' | 'episode' | 'at'> {
  targetId: string;
  title: TitleRef | null;
  parent: CommentRow | null;
}

const roomAnimeId = (row: CommentRow) => (row.target_type === 'anime' ? Number(row.target_id) : null);

/**
 * Writing comments: posting, editing, deleting, liking. Every check that can refuse runs before
 * anything is written, and every write commits in one transaction with its outbox event and, for a
 * post or a delete, the author's comment count of the rankings (no event covers a delete, and a
 * count changed with the row cannot drift from it). Each change
 * is pushed to the title's room once its transaction has committed (docs/realtime.md, «Comments»).
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly users: UserRefsRepository,
    private readonly titles: AnimeRefsService,
    private readonly limits: CommentLimits,
    private readonly accounts: Accounts,
    private readonly outbox: OutboxPublisher,
    private readonly pusher: CommentsPusher,
    private readonly likesPusher: CommentLikesPusher,
    private readonly amv: AmvRepository,
    private readonly news: NewsReader,
    private readonly rankings: RankingCountersRepository,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  async create(user: AuthenticatedUser, { target, content, parentId, episode, at }: CommentCreateRequest): Promise<CommentItem> {
    const title = target.type === 'anime' ? await this.titles.peek(target.id) : null;
    if (target.type === 'anime' && !title) throw RpcError.of(ErrorCode.NotFound, COMMENT_MESSAGES.animeNotFound);
    // An AMV is checked in the community's own table; it has no episodes, so no spoiler moments.
    if (target.type === 'amv' && !(await this.amv.find(target.id))) throw RpcError.of(ErrorCode.NotFound, AMV_MESSAGES.notFound);
    // News are commented once published (a draft or a scheduled item is not there for readers).
    if (target.type === 'news' && !(await this.news.isPublished(target.id))) throw RpcError.of(ErrorCode.NotFound, NEWS_MESSAGES.notFound);
    if (episode !== undefined && !title) throw RpcError.validation([{ field: 'episode', message: COMMENT_MESSAGES.episodeNotOnTitle }]);
    if (episode !== undefined && title && title.episodes !== null && title.episodes > 0 && episode > title.episodes) {
      throw RpcError.validation([{ field: 'episode', message: COMMENT_MESSAGES.episodeBeyondTotal }]);
    }
    const targetId = String(title ? title.id : target.id);
    const parent = parentId ? await this.comments.find(parentId) : null;
    if (parentId && (!parent || parent.deleted_at)) throw RpcError.validation([{ field: 'parentId', message: COMMENT_MESSAGES.parentNotFound }]);
    if (parent && (parent.target_type !== target.type || parent.target_id !== targetId)) {
      throw RpcError.validation([{ field: 'parentId', message: COMMENT_MESSAGES.parentOtherTarget }]);
    }
    await this.limits.consume(user.id, transportCall.currentWriteId());
    // A comment that is then not stored (auth did not answer, the parent went meanwhile) gives the turn back.
    const row = await this.store(user, { target, targetId, title, parent, content, episode, at }).catch(async (error: unknown) => {
      await this.limits.giveBack(user.id);
      throw error;
    });
    if (title) this.pusher.push(title.id, 'comment:new', toCommentItem(row, GUEST_VIEW));
    return toCommentItem(row, { revealed: new Set([row.id]), likedByMe: new Set() });
  }

  private async store(user: AuthenticatedUser, { target, targetId, title, parent, content, episode, at }: CommentToStore): Promise<CommentRow> {
    const author = (await this.users.exists(user.id)) ? null : await this.accounts.profileOf(user);
    const id = randomUUID();
    const text = maskBadWords(content);
    const spoiler = episode !== undefined;
    let stored = () => {};
    const row = await this.comments.transaction(async (manager) => {
      // Stored only if the table lacks it (no lock on a held title: comments on one title do not queue).
      if (title) stored = await this.titles.keep([title], manager);
      if (author) await this.users.ensure(manager, author);
      // Counted on the parent first, which locks it: a parent deleted meanwhile refuses the reply.
      const answered = parent && (await this.comments.countReply(manager, parent.id));
      if (parent && !answered) throw RpcError.validation([{ field: 'parentId', message: COMMENT_MESSAGES.parentNotFound }]);
      const inserted = await this.comments.insert(manager, {
        id,
        targetType: target.type,
        targetId,
        parentId: parent?.id ?? null,
        // Past the depth cap an answer is shown beside the comment it answers, under that one's own parent.
        threadParentId: parent ? (parent.depth < COMMENT_DEPTH_MAX ? parent.id : parent.thread_parent_id) : null,
        rootId: parent?.root_id ?? id,
        depth: parent ? Math.min(parent.depth + 1, COMMENT_DEPTH_MAX) : 0,
        authorId: user.id,
        content: text,
        episode: episode ?? null,
        at: spoiler ? (at ?? 0) : null,
      });
      await this.outbox.publish(manager, 'community.comment.posted', {
        commentId: id,
        targetType: target.type,
        targetId,
        authorId: user.id,
        authorUsername: user.username,
        excerpt: excerptOf(text, spoiler),
        parentId: parent?.id ?? null,
        parentAuthorId: answered ? answered.author_id : null,
      });
      await this.rankings.add(manager, [{ userId: user.id, board: 'byComments', delta: 1 }]);
      return inserted;
    });
    stored();
    this.outbox.afterCommit();
    return row;
  }

  /** The author changes the text; it is masked like a new comment's and `editedAt` is set. */
  async update(user: AuthenticatedUser, id: string, content: string): Promise<CommentItem> {
    const row = await this.comments.transaction(async (manager) => {
      const current = await this.comments.lockLive(manager, id);
      if (!current) throw notFound();
      if (current.author_id !== user.id) throw RpcError.of(ErrorCode.Forbidden, COMMENT_MESSAGES.editForeign);
      return this.comments.updateContent(manager, id, maskBadWords(content));
    });
    const animeId = roomAnimeId(row);
    // As a guest sees it: a spoiler's new text never goes to the room.
    if (animeId !== null) this.pusher.push(animeId, 'comment:updated', toCommentItem(row, GUEST_VIEW));
    return toCommentItem(row, { revealed: new Set([id]), likedByMe: await this.comments.likedBy(user.id, [id]) });
  }

  /**
   * By its author, or by an admin (asked of auth only when the caller is not the author; the moderation's
   * report decisions come this way too). The row is kept: a comment with replies shows as «Комментарий
   * удалён», one without disappears. An admin's deletion commits with `community.admin.acted`.
   */
  async remove(user: AuthenticatedUser, id: string): Promise<{ id: string; deleted: true }> {
    const current = await this.comments.find(id);
    if (!current || current.deleted_at) throw notFound();
    const byAdmin = current.author_id !== user.id;
    if (byAdmin && !(await this.accounts.isAdmin(user))) throw RpcError.of(ErrorCode.Forbidden, COMMENT_MESSAGES.deleteForeign);
    const placeholder = await this.comments.transaction(async (manager) => {
      if (!(await this.comments.markDeleted(manager, id))) throw notFound();
      await this.rankings.add(manager, [{ userId: current.author_id, board: 'byComments', delta: -1 }]);
      if (byAdmin) {
        await this.adminActions.publish(manager, user, {
          target: 'comment',
          targetId: id,
          action: 'deleted',
          subjectUserId: current.author_id,
          before: { text: current.content },
          after: null,
        });
      }
      return this.comments.liveShownUnder(manager, id, current.root_id);
    });
    const animeId = roomAnimeId(current);
    if (animeId !== null) this.pusher.push(animeId, 'comment:deleted', { id, animeId, placeholder });
    return { id, deleted: true };
  }

  /** One like per user, not on one's own comment; a new like tells the author (the event). */
  async like(user: AuthenticatedUser, id: string): Promise<CommentLikeState> {
    const current = await this.likeable(id);
    if (current.author_id === user.id) throw RpcError.validation([{ field: 'id', message: COMMENT_MESSAGES.likeOwn }]);
    const { added, likes } = await this.comments.transaction(async (manager) => {
      const result = await this.comments.like(manager, id, user.id);
      if (result.added) {
        await this.outbox.publish(manager, 'community.comment.liked', {
          commentId: id,
          targetType: current.target_type,
          targetId: current.target_id,
          authorId: current.author_id,
          authorUsername: current.username,
          excerpt: excerptOf(current.content, isSpoiler(current)),
          likerId: user.id,
          likerUsername: user.username,
        });
      }
      return result;
    });
    if (added) {
      this.outbox.afterCommit();
      this.likesChanged(current);
    }
    return { id, likes, likedByMe: true };
  }

  async unlike(user: AuthenticatedUser, id: string): Promise<CommentLikeState> {
    const current = await this.likeable(id);
    const { removed, likes } = await this.comments.transaction((manager) => this.comments.unlike(manager, id, user.id));
    if (removed) this.likesChanged(current);
    return { id, likes, likedByMe: false };
  }

  /** The count goes to the room coalesced (CommentLikesPusher), read after this commit. */
  private likesChanged(row: CommentRow): void {
    const animeId = roomAnimeId(row);
    if (animeId !== null) this.likesPusher.changed(animeId, row.id);
  }

  private async likeable(id: string): Promise<CommentRow> {
    const current = await this.comments.find(id);
    if (!current || current.deleted_at) throw notFound();
    return current;
  }
}

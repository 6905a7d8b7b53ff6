import type { AnimeRef, CommentItem, CommentNode, CommentsServerToClientEvents, CommentThread, CommentThreadPage, LatestComment } from '@portal/contracts';
import type { CommentsSocket, CommentsSocketConnector } from '../api/comments-socket';

const T = Date.UTC(2025, 2, 1, 18, 0);
/** `minutes` before a fixed moment stories and tests share. */
export const minutesAgo = (minutes: number, now = Date.now()) => new Date(now - minutes * 60_000).toISOString();

export function makeComment(overrides: Partial<CommentItem> = {}): CommentItem {
  return {
    id: 'c-1',
    target: { type: 'anime', id: '1' },
    animeId: 1,
    parentId: null,
    threadParentId: null,
    depth: 0,
    author: { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'новичок' },
    content: 'Отличное аниме!',
    createdAt: new Date(T).toISOString(),
    editedAt: null,
    likes: 0,
    likedByMe: false,
    replies: 0,
    deleted: false,
    spoiler: null,
    ...overrides,
  };
}

export const makeNode = (overrides: Partial<CommentNode> = {}): CommentNode => ({ ...makeComment(overrides), children: overrides.children ?? [] });
export const makeThread = (overrides: Partial<CommentThread> = {}): CommentThread => ({ ...makeNode(overrides), moreReplies: overrides.moreReplies ?? false });
export const makePage = (items: CommentThread[], nextCursor: string | null = null): CommentThreadPage => ({ items, nextCursor });

/** A title as the feed names it (its poster is not shown there). */
export const commentAnimeRef = (id: number, title: string): AnimeRef => ({ id, title, poster: '', fallbackPoster: '', episodes: 64, kind: 'tv', year: 2009 });

/** A comment of the home page's feed, with its title. */
export function makeLatest(overrides: Partial<LatestComment> = {}): LatestComment {
  const comment = makeComment(overrides);
  const anime = overrides.anime === undefined ? commentAnimeRef(comment.animeId ?? 1, 'Стальной алхимик: Братство') : overrides.anime;
  return { ...comment, anime };
}

type ServerEvent = keyof CommentsServerToClientEvents;

/**
 * A socket without a server, for stories and tests: what the block sent, `push` to deliver `comment:new`
 * and `deliver` for any server event (`comment:updated`, `comment:deleted`, `comment:likes`).
 */
export function fakeCommentsConnector(): CommentsSocketConnector & {
  sent: Array<[string, unknown]>;
  push(comment: CommentItem): void;
  deliver<E extends ServerEvent>(event: E, ...payload: Parameters<CommentsServerToClientEvents[E]>): void;
  closed: boolean;
} {
  const listeners = new Map<string, Array<(payload?: unknown) => void>>();
  const state = { sent: [] as Array<[string, unknown]>, closed: false };
  const connector = async (): Promise<CommentsSocket> => {
    const socket = {
      on(event: string, listener: (payload?: unknown) => void) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      emit(event: string, payload: unknown) {
        state.sent.push([event, payload]);
      },
      disconnect() {
        state.closed = true;
        listeners.clear();
      },
    };
    setTimeout(() => listeners.get('connect')?.forEach((listener) => listener()), 0);
    return socket as unknown as CommentsSocket;
  };
  // defineProperties, not Object.assign: the getters must stay live (assign would copy their first values).
  return Object.defineProperties(connector, {
    sent: { get: () => state.sent },
    closed: { get: () => state.closed },
    push: { value: (comment: CommentItem) => listeners.get('comment:new')?.forEach((listener) => listener(comment)) },
    deliver: { value: (event: ServerEvent, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)) },
  }) as ReturnType<typeof fakeCommentsConnector>;
}

import { COMMENT_LIKES_PUSH_INTERVAL_MS } from '@portal/contracts';
import { CommentLikesPusher } from './comment-likes-pusher';
import type { CommentsRepository } from './comments.repository';
import type { CommentsPusher } from './comments-pusher';

describe('coalesced like counts', () => {
  let likes: number | null;
  let pushed: Array<{ animeId: number; event: string; payload: unknown }>;
  let pusher: CommentLikesPusher;

  beforeEach(() => {
    jest.useFakeTimers();
    likes = 0;
    pushed = [];
    const comments = { likesNow: jest.fn(async () => likes) } as unknown as CommentsRepository;
    const room = { push: (animeId: number, event: string, payload: unknown) => pushed.push({ animeId, event, payload }) } as unknown as CommentsPusher;
    pusher = new CommentLikesPusher(comments, room);
  });

  afterEach(() => {
    pusher.onModuleDestroy();
    jest.useRealTimers();
  });

  it('a single like is pushed at once, with the count read after it', async () => {
    likes = 1;
    pusher.changed(20, 'c1');
    await jest.advanceTimersByTimeAsync(0);
    expect(pushed).toEqual([{ animeId: 20, event: 'comment:likes', payload: { id: 'c1', animeId: 20, likes: 1 } }]);
    await jest.advanceTimersByTimeAsync(COMMENT_LIKES_PUSH_INTERVAL_MS * 3);
    expect(pushed).toHaveLength(1);
  });

  it('a burst makes one push at once and one with the latest count when the interval is over', async () => {
    likes = 1;
    pusher.changed(20, 'c1');
    await jest.advanceTimersByTimeAsync(0);
    for (let count = 2; count <= 20; count += 1) {
      likes = count;
      pusher.changed(20, 'c1');
      await jest.advanceTimersByTimeAsync(10);
    }
    expect(pushed).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(COMMENT_LIKES_PUSH_INTERVAL_MS);
    expect(pushed.map(({ payload }) => payload)).toEqual([
      { id: 'c1', animeId: 20, likes: 1 },
      { id: 'c1', animeId: 20, likes: 20 },
    ]);
    await jest.advanceTimersByTimeAsync(COMMENT_LIKES_PUSH_INTERVAL_MS * 3);
    expect(pushed).toHaveLength(2);
  });

  it('comments are coalesced each on its own; a comment that is gone is not pushed', async () => {
    likes = 3;
    pusher.changed(20, 'c1');
    pusher.changed(21, 'c2');
    await jest.advanceTimersByTimeAsync(0);
    expect(pushed.map(({ animeId, payload }) => [animeId, payload])).toEqual([
      [20, { id: 'c1', animeId: 20, likes: 3 }],
      [21, { id: 'c2', animeId: 21, likes: 3 }],
    ]);
    likes = null;
    await jest.advanceTimersByTimeAsync(COMMENT_LIKES_PUSH_INTERVAL_MS);
    pusher.changed(20, 'c1');
    await jest.advanceTimersByTimeAsync(COMMENT_LIKES_PUSH_INTERVAL_MS);
    expect(pushed).toHaveLength(2);
  });
});

import type { AchievementItem } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CardsStack, startCardsStack } from './cards-test-kit';
import { account, rewardsEvents } from './economy-test-kit';

/**
 * The rewards service's event listeners (docs/rewards.md): events are delivered straight to its event
 * queue, as the outbox relay delivers them, so each rule is checked without the publishing service.
 */
describe('rewards from events', () => {
  let stack: CardsStack;
  let events: ReturnType<typeof rewardsEvents>;
  const today = () => new Date().toISOString().slice(0, 10);
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const grants = async (key: string) => Number((await stack.db.query('SELECT count(*)::int AS n FROM rewards.card_grants WHERE key = $1', [key]))[0].n);
  const grantedOnce = (key: string) => waitFor(async () => ((await grants(key)) === 1 ? true : null), 15_000, 50);
  const earnedAs = async (userId: string, kind: string) =>
    Number(
      (await stack.db.query('SELECT coalesce(sum(amount), 0)::int AS n FROM rewards.point_entries WHERE user_id = $1 AND kind = $2', [userId, kind]))[0].n,
    );
  const achievements = async (user: RegisteredUser) =>
    (await stack.api.get<{ data: AchievementItem[] }>('/api/users/me/achievements', { token: user.token })).body.data;

  beforeAll(async () => {
    // No catalogue runs here: a genre lookup fails after RPC_TIMEOUT_MS.
    stack = await startCardsStack('rewlisten', { env: { REWARDS_EPISODES_PER_CARD: '2', RPC_TIMEOUT_MS: '1500' } });
    events = rewardsEvents(stack.env);
  }, 120_000);

  afterAll(async () => {
    await events?.close();
    await stack?.close();
  });

  it('credits an event delivered twice once, and an event about the same thing under another id once too', async () => {
    const user = await stack.user();
    const result = events.payload('community.quiz.result.recorded', {
      quizId: 'q1',
      attemptId: 'a1',
      userId: user.id,
      score: 5,
      totalQuestions: 5,
      success: true,
      firstSuccess: true,
    });
    expect(await events.deliver('community.quiz.result.recorded', result)).toBe('completed');
    expect(await events.deliver('community.quiz.result.recorded', result)).toBe('completed');
    expect(await events.deliver('community.quiz.result.recorded', { ...result, eventId: crypto.randomUUID() })).toBe('completed');
    expect(await account(stack.db, user.id)).toEqual({ balance: 15, xp: 15 });
    // A success that is not the first on the quiz earns nothing.
    expect(
      await events.deliver(
        'community.quiz.result.recorded',
        events.payload('community.quiz.result.recorded', {
          quizId: 'q2',
          attemptId: 'a2',
          userId: user.id,
          score: 5,
          totalQuestions: 5,
          success: true,
          firstSuccess: false,
        }),
      ),
    ).toBe('completed');
    expect((await account(stack.db, user.id)).xp).toBe(15);
  });

  it('rewards an approved review once: points, the review card and the first-review achievement with its date', async () => {
    const user = await stack.user();
    const approved = (reviewId: string) =>
      events.payload('community.review.approved', { reviewId, animeId: 1535, authorId: user.id, authorUsername: user.username });
    const reviewId = crypto.randomUUID();
    expect(await events.deliver('community.review.approved', approved(reviewId))).toBe('completed');
    // Approved again after an edit: a new event about the same review.
    expect(await events.deliver('community.review.approved', approved(reviewId))).toBe('completed');
    await grantedOnce(`review:${reviewId}`);
    // The review card, should it be a duplicate, adds its own points.
    expect(await earnedAs(user.id, 'review.approved')).toBe(30);
    expect(await events.deliver('community.review.approved', approved(crypto.randomUUID()))).toBe('completed');
    expect(await earnedAs(user.id, 'review.approved')).toBe(60);
    const mine = await achievements(user);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ key: 'first-review', kind: 'first-review', title: 'Первая рецензия' });
    expect(Date.parse(mine[0].earnedAt)).toBeGreaterThan(Date.now() - 60_000);
    const publicView = await stack.api.get<{ data: AchievementItem[] }>(`/api/users/profile/${user.username}/achievements`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.data).toEqual(mine);
    expect((await stack.api.get('/api/users/profile/nobody-here-at-all/achievements')).status).toBe(404);
    expect((await stack.api.get('/api/users/me/achievements')).status).toBe(401);
  });

  it('gives the author points for a like by someone else, and nothing for a self-like', async () => {
    const author = await stack.user();
    const liker = await stack.user();
    const liked = (likerId: string, commentId = crypto.randomUUID()) =>
      events.payload('community.comment.liked', {
        commentId,
        targetType: 'anime',
        targetId: '1535',
        authorId: author.id,
        authorUsername: author.username,
        excerpt: 'x',
        likerId,
        likerUsername: 'someone',
      });
    expect(await events.deliver('community.comment.liked', liked(author.id))).toBe('completed');
    expect(await account(stack.db, author.id)).toEqual({ balance: 0, xp: 0 });
    expect(await events.deliver('community.comment.liked', liked(liker.id))).toBe('completed');
    expect(await account(stack.db, author.id)).toEqual({ balance: 2, xp: 2 });
    expect(await account(stack.db, liker.id)).toEqual({ balance: 0, xp: 0 });
  });

  it('rewards a completed title once, asks for one list card a day, and none for an import', async () => {
    const user = await stack.user();
    const change = (animeId: number, status: 'completed' | 'watching' | null, previousStatus: 'completed' | 'watching' | null) =>
      events.payload('community.list.updated', { userId: user.id, animeId, status, previousStatus, progress: 0 });
    await stack.db.query(`INSERT INTO rewards.title_genres (anime_id, genres) VALUES (1535, '{Детектив}') ON CONFLICT DO NOTHING`);
    expect(await events.deliver('community.list.updated', change(1535, 'watching', null))).toBe('completed');
    expect(await events.deliver('community.list.updated', change(1535, 'completed', 'watching'))).toBe('completed');
    expect(await events.deliver('community.list.updated', change(1535, 'watching', 'completed'))).toBe('completed');
    expect(await events.deliver('community.list.updated', change(1535, 'completed', 'watching'))).toBe('completed');
    // Completed twice: points once (the list card, should it be a duplicate, adds its own points).
    expect(await earnedAs(user.id, 'title.completed')).toBe(20);
    await grantedOnce(`list:${user.id}:${today()}`);
    const [{ n }] = await stack.db.query(`SELECT count(*)::int AS n FROM rewards.card_grants WHERE user_id = $1 AND source = 'list'`, [user.id]);
    expect(n).toBe(1);

    const importer = await stack.user();
    await stack.db.query(
      `INSERT INTO rewards.title_genres (anime_id, genres) SELECT 800000 + i, '{Комедия}' FROM generate_series(1, 10) i ON CONFLICT DO NOTHING`,
    );
    const entries = Array.from({ length: 50 }, (_, index) => ({
      animeId: 800_001 + index,
      status: index < 10 ? ('completed' as const) : ('planned' as const),
      previousStatus: null,
      progress: 0,
      rating: null,
      previousRating: null,
    }));
    expect(await events.deliver('community.list.imported', events.payload('community.list.imported', { userId: importer.id, entries }))).toBe('completed');
    // Ten completions at 20 points, capped at 100 a day.
    expect(await account(stack.db, importer.id)).toEqual({ balance: 100, xp: 100 });
    const keys = (await achievements(importer)).map((item) => item.key).sort();
    expect(keys).toEqual(['genre:Комедия', 'list-size:50']);
    const genre = (await achievements(importer)).find((item) => item.kind === 'genre');
    expect(genre?.title).toBe('Знаток жанра «Комедия»');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await grants(`list:${importer.id}:${today()}`)).toBe(0);
  });

  it('credits a completion even when the catalogue cannot say the title’s genres; the genre counts once they are known', async () => {
    const user = await stack.user();
    const completed = (animeId: number) =>
      events.payload('community.list.updated', { userId: user.id, animeId, status: 'completed', previousStatus: 'watching', progress: 0 });
    expect(await events.deliver('community.list.updated', completed(700_001))).toBe('completed');
    expect(await earnedAs(user.id, 'title.completed')).toBe(20);
    expect(await stack.db.query('SELECT 1 FROM rewards.title_genres WHERE anime_id = 700001')).toEqual([]);
    // Once the genres are known (as a later lookup keeps them), the next completion counts every title of the genre.
    await stack.db.query(`INSERT INTO rewards.title_genres (anime_id, genres) SELECT 700000 + i, '{Спорт}' FROM generate_series(2, 10) i`);
    await stack.db.query(`INSERT INTO rewards.completed_titles (user_id, anime_id) SELECT $1, 700000 + i FROM generate_series(3, 10) i`, [user.id]);
    await stack.db.query(`INSERT INTO rewards.title_genres (anime_id, genres) VALUES (700001, '{Спорт}')`);
    expect(await events.deliver('community.list.updated', completed(700_002))).toBe('completed');
    expect((await achievements(user)).map((item) => item.key)).toContain('genre:Спорт');
  }, 30_000);

  it('counts a watched episode once: points, a watching card each REWARDS_EPISODES_PER_CARD episodes and the 7-day streak', async () => {
    const user = await stack.user();
    const watched = (episode: number) => events.payload('community.episode.watched', { userId: user.id, animeId: 1535, episode });
    for (let day = 1; day <= 6; day++) await stack.db.query('INSERT INTO rewards.watch_days (user_id, day) VALUES ($1, $2)', [user.id, daysAgo(day)]);
    expect(await events.deliver('community.episode.watched', watched(1))).toBe('completed');
    expect(await events.deliver('community.episode.watched', { ...watched(1) })).toBe('completed');
    expect(await account(stack.db, user.id)).toEqual({ balance: 5, xp: 5 });
    expect(await grants(`watching:${user.id}:1`)).toBe(0);
    expect(await events.deliver('community.episode.watched', watched(2))).toBe('completed');
    await grantedOnce(`watching:${user.id}:1`);
    expect(await earnedAs(user.id, 'episode.watched')).toBe(10);
    expect((await achievements(user)).map((item) => item.key)).toEqual(['streak:7']);

    // A gap breaks the streak.
    const other = await stack.user();
    for (const day of [1, 2, 3, 5, 6, 7]) await stack.db.query('INSERT INTO rewards.watch_days (user_id, day) VALUES ($1, $2)', [other.id, daysAgo(day)]);
    expect(
      await events.deliver('community.episode.watched', events.payload('community.episode.watched', { userId: other.id, animeId: 1535, episode: 1 })),
    ).toBe('completed');
    expect(await achievements(other)).toEqual([]);
  });
});

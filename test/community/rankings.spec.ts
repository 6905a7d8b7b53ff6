import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import {
  EVENT_QUEUE_OF,
  type EventName,
  type EventPayload,
  RANK_LADDER,
  type TitleRankings,
  USER_RANKING_BOARDS,
  type UserRankingBoard,
  type UserRankings,
} from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import { backfillRankings } from '../../apps/community/src/migrations/1766500000000-create-rankings';
import { backfillRankingValueCounts } from '../../apps/community/src/migrations/1766600000000-create-ranking-value-counts';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, type CommunityStack, DEATH_NOTE, NARUTO, startCommunityStack, unseenTitles } from './community-test-kit';

/**
 * The rankings through the gateway (docs/community.md, «Rankings»), against the real services,
 * PostgreSQL and Redis: the read model follows the list, rating, comment and quiz events, once each.
 */
describe('rankings', () => {
  let stack: CommunityStack;
  let connection: Redis;
  let queue: Queue;
  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);

  const rankings = async (user?: RegisteredUser): Promise<UserRankings> => {
    const res = await stack.api.get('/api/users/rankings', auth(user));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const valueOf = async (user: RegisteredUser, board: UserRankingBoard): Promise<number> => {
    const rows = await stack.db.query('SELECT value FROM community.ranking_counters WHERE user_id = $1 AND board = $2', [user.id, board]);
    return rows[0]?.value ?? 0;
  };
  /** Waits until the user's value on the board is `expected` (events are applied after their commit). */
  const settlesAt = (user: RegisteredUser, board: UserRankingBoard, expected: number) =>
    waitFor(async () => ((await valueOf(user, board)) === expected ? true : null), 15_000, 50);

  /** Queues an event for the community as the outbox relay would; the same payload again is a redelivery. */
  const deliver = async <E extends EventName>(name: E, payload: EventPayload<E>) => {
    const job = await queue.add(name, payload, { jobId: `test-${randomUUID()}` });
    const state = await waitFor(
      async () => {
        const jobState = await queue.getJobState(job.id!);
        return jobState === 'completed' || jobState === 'failed' ? jobState : undefined;
      },
      15_000,
      50,
    );
    expect(state).toBe('completed');
  };
  const event = () => ({ eventId: randomUUID(), occurredAt: new Date().toISOString() });
  /** One import event completing `count` titles: the quickest way to give a user a value. */
  const completedImport = (user: RegisteredUser, count: number): EventPayload<'community.list.imported'> => ({
    ...event(),
    userId: user.id,
    entries: Array.from({ length: count }, (_, index) => ({
      animeId: 900_000 + index,
      status: 'completed',
      previousStatus: null,
      progress: 1,
      rating: null,
      previousRating: null,
    })),
  });
  /** A user the community knows (its account read model has them: rankings show names). */
  const knownUser = async () => {
    const user = await stack.user();
    await waitFor(async () => ((await stack.db.query('SELECT 1 FROM community.user_refs WHERE id = $1', [user.id])).length > 0 ? true : null), 15_000, 50);
    return user;
  };

  beforeAll(async () => {
    stack = await startCommunityStack('rankings', { env: { RANKINGS_MIN_VOTES: '2', RANKINGS_TITLES_CACHE_SECONDS: '0' } });
    connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    queue = new Queue(EVENT_QUEUE_OF.community, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
  }, 120_000);

  afterAll(async () => {
    await queue?.close();
    connection?.disconnect();
    await stack?.close();
  });

  describe('the read model', () => {
    it('counts a completed title, takes it back on completed → watching, and keeps a rewatch counted', async () => {
      const user = await knownUser();
      const put = (body: unknown) => stack.api.put('/api/users/anime/status', body, auth(user));
      expect((await put({ animeId: DEATH_NOTE.id, status: 'completed' })).status).toBe(200);
      expect((await put({ animeId: NARUTO.id, status: 'completed' })).status).toBe(200);
      await settlesAt(user, 'byAnime', 2);
      expect((await put({ animeId: NARUTO.id, status: 'rewatching' })).status).toBe(200);
      expect((await put({ animeId: DEATH_NOTE.id, status: 'watching' })).status).toBe(200);
      await settlesAt(user, 'byAnime', 1);
      expect((await stack.api.delete(`/api/users/anime/${NARUTO.id}`, auth(user))).status).toBe(200);
      await settlesAt(user, 'byAnime', 0);
      expect((await rankings(user)).me.byAnime).toBeNull();
    });

    it('ends at what the lists hold after concurrent changes of many entries', async () => {
      const users = [await knownUser(), await knownUser(), await knownUser()];
      const titles = [DEATH_NOTE.id, NARUTO.id, ATTACK_ON_TITAN.id];
      const statuses = ['completed', 'watching', 'completed', 'dropped', 'completed'];
      // Every user moves every title through five statuses, all requests at once.
      await Promise.all(
        users.flatMap((user) =>
          titles.map(async (animeId) => {
            for (const status of statuses) await stack.api.put('/api/users/anime/status', { animeId, status }, auth(user));
          }),
        ),
      );
      for (const user of users) {
        const [{ n }] = await stack.db.query(
          `SELECT count(*)::int AS n FROM community.list_entries WHERE user_id = $1 AND status IN ('completed', 'rewatching')`,
          [user.id],
        );
        expect(n).toBe(titles.length);
        await settlesAt(user, 'byAnime', n);
      }
      // The places come from how many users hold each value: it agrees with the counters.
      const [{ differences }] = await stack.db.query(
        `SELECT count(*)::int AS differences FROM (
           SELECT board, value, count(*)::int AS users FROM community.ranking_counters WHERE value > 0 GROUP BY board, value
         ) c FULL JOIN community.ranking_value_counts h USING (board, value)
         WHERE c.users IS DISTINCT FROM nullif(h.users, 0)`,
      );
      expect(differences).toBe(0);
    });

    it('applies a redelivered event once', async () => {
      const user = await knownUser();
      const change: EventPayload<'community.list.updated'> = {
        ...event(),
        userId: user.id,
        animeId: 900_001,
        status: 'completed',
        previousStatus: 'watching',
        progress: 12,
      };
      await deliver('community.list.updated', change);
      await deliver('community.list.updated', change);
      const imported = completedImport(user, 3);
      await deliver('community.list.imported', imported);
      await deliver('community.list.imported', imported);
      expect(await valueOf(user, 'byAnime')).toBe(4);
    });

    it('counts scores given and each title’s scores; a re-score counts once, a removed entry takes its score back', async () => {
      const user = await knownUser();
      const rate = (animeId: number, rating: number) => stack.api.post('/api/rating', { animeId, rating }, auth(user));
      expect((await rate(ATTACK_ON_TITAN.id, 7)).status).toBe(200);
      expect((await rate(ATTACK_ON_TITAN.id, 9)).status).toBe(200);
      expect((await rate(DEATH_NOTE.id, 8)).status).toBe(200);
      await settlesAt(user, 'byRating', 2);
      expect((await stack.api.delete(`/api/users/anime/${DEATH_NOTE.id}`, auth(user))).status).toBe(200);
      await settlesAt(user, 'byRating', 1);
    });

    it('counts comments written and takes back a deleted one', async () => {
      const user = await knownUser();
      const post = async (content: string) => (await stack.api.post('/api/comments', { animeId: NARUTO.id, content }, auth(user))).body.data.id as string;
      const first = await post('Первый комментарий для рейтинга');
      await new Promise((resolve) => setTimeout(resolve, 3100)); // one comment per 3 s per user (COMMENT_RATE_SECONDS)
      await post('Второй комментарий для рейтинга');
      expect(await valueOf(user, 'byComments')).toBe(2);
      expect((await stack.api.delete(`/api/comments/${first}`, auth(user))).status).toBe(200);
      expect(await valueOf(user, 'byComments')).toBe(1);
    });

    it('counts a quiz once per first success, whatever is redelivered', async () => {
      const user = await knownUser();
      const result = (firstSuccess: boolean): EventPayload<'community.quiz.result.recorded'> => ({
        ...event(),
        quizId: randomUUID(),
        attemptId: randomUUID(),
        userId: user.id,
        score: firstSuccess ? 9 : 3,
        totalQuestions: 10,
        success: firstSuccess,
        firstSuccess,
      });
      const success = result(true);
      await deliver('community.quiz.result.recorded', success);
      await deliver('community.quiz.result.recorded', success);
      await deliver('community.quiz.result.recorded', result(false));
      expect(await valueOf(user, 'byQuiz')).toBe(1);
      const me = (await rankings(user)).me.byQuiz;
      expect(me).toMatchObject({ username: user.username, value: 1 });
    });
  });

  describe('GET /api/users/rankings', () => {
    it('lists each board by value with equal values sharing a place, the earlier first, and the viewer’s own place', async () => {
      const [first, second, third] = [await knownUser(), await knownUser(), await knownUser()];
      // Far above what the other tests give, so these three lead the board.
      await deliver('community.list.imported', completedImport(first, 500));
      await deliver('community.list.imported', completedImport(second, 500));
      await deliver('community.list.imported', completedImport(third, 400));
      const answer = await rankings(third);
      // SPEC's client reads each board as a list of entries (data.byAnime, …).
      const board = answer.byAnime;
      expect(Array.isArray(board)).toBe(true);
      expect(board.slice(0, 3).map((entry) => [entry.place, entry.username, entry.value])).toEqual([
        [1, first.username, 500],
        [1, second.username, 500],
        [3, third.username, 400],
      ]);
      expect(board[0]).toEqual({ place: 1, username: first.username, displayName: expect.any(String), avatar: null, value: 500 });
      expect(answer.me.byAnime).toMatchObject({ place: 3, username: third.username, value: 400 });
      const places = board.map((entry) => entry.place);
      expect(places).toEqual([...places].sort((a, b) => a - b));
    });

    it('answers a guest (and a stale token) with the boards and no own place', async () => {
      const guest = await rankings();
      expect(Object.keys(guest).sort()).toEqual(['byAnime', 'byComments', 'byQuiz', 'byRating', 'me']);
      for (const board of USER_RANKING_BOARDS) expect(Array.isArray(guest[board])).toBe(true);
      expect(guest.me).toEqual({ byAnime: null, byComments: null, byQuiz: null, byRating: null });
      const stale = await stack.api.get('/api/users/rankings', { token: 'not-a-token' });
      expect(stale.status).toBe(200);
      expect(stale.body.data.me.byAnime).toBeNull();
    });

    it('lists 100 users and still gives a viewer below them their place', async () => {
      const viewer = await knownUser();
      // 101 users ahead of the viewer, written straight into the read models.
      const ids = Array.from({ length: 101 }, () => randomUUID());
      await stack.db.query(
        `INSERT INTO community.user_refs (id, username, display_name, avatar, rank, version)
         SELECT id, 'top' || substr(id::text, 1, 8), 'Лидер', NULL, 'новичок', now() FROM unnest($1::uuid[]) AS id`,
        [ids],
      );
      await stack.db.query(`INSERT INTO community.ranking_counters (user_id, board, value) SELECT id, 'byQuiz', 1000 FROM unnest($1::uuid[]) AS id`, [ids]);
      await stack.db.query(`INSERT INTO community.ranking_value_counts (board, value, users) VALUES ('byQuiz', 1000, 101)`);
      await deliver('community.quiz.result.recorded', {
        ...event(),
        quizId: randomUUID(),
        attemptId: randomUUID(),
        userId: viewer.id,
        score: 10,
        totalQuestions: 10,
        success: true,
        firstSuccess: true,
      });
      const answer = await rankings(viewer);
      expect(answer.byQuiz).toHaveLength(100);
      expect(answer.byQuiz.every((entry) => entry.value === 1000 && entry.place === 1)).toBe(true);
      const ahead = (await stack.db.query(`SELECT count(*)::int AS n FROM community.ranking_counters WHERE board = 'byQuiz' AND value > 1`))[0].n;
      expect(answer.me.byQuiz).toMatchObject({ username: viewer.username, value: 1, place: ahead + 1 });
      expect(answer.me.byQuiz!.place).toBeGreaterThan(100);
    });
  });

  describe('title rankings', () => {
    it('lists titles by our users’ average score once they have the minimum of scores', async () => {
      const [titleA, titleB] = (await unseenTitles(stack, 2)).map((title) => title.id);
      const [one, two] = [await knownUser(), await knownUser()];
      const rate = (user: RegisteredUser, animeId: number, rating: number) => stack.api.post('/api/rating', { animeId, rating }, auth(user));
      expect((await rate(one, titleA, 10)).status).toBe(200);
      expect((await rate(two, titleA, 9)).status).toBe(200);
      expect((await rate(one, titleB, 10)).status).toBe(200);
      const titles = await waitFor(async () => {
        const data: TitleRankings = (await stack.api.get('/api/rankings/titles')).body.data;
        return data.topRated.some((entry) => entry.animeId === titleA) ? data : null;
      }, 15_000);
      expect(titles.minVotes).toBe(2);
      expect(titles.topRated.find((entry) => entry.animeId === titleA)).toMatchObject({ value: 9.5, votes: 2, title: expect.any(String) });
      // One score is below the minimum of 2.
      expect(titles.topRated.some((entry) => entry.animeId === titleB)).toBe(false);
    });

    it('lists this week’s most watched titles by their viewers', async () => {
      const [titleA] = (await unseenTitles(stack, 1)).map((title) => title.id);
      const viewers = [await knownUser(), await knownUser(), await knownUser()];
      for (const viewer of viewers) {
        for (const episode of [1, 2])
          expect((await stack.api.post('/api/progress', { animeId: titleA, episode, position: 30 }, auth(viewer))).status).toBe(200);
      }
      // Watched more than a week ago: not this week's viewer.
      await stack.db.query(`INSERT INTO community.title_viewers (anime_id, user_id, watched_on) VALUES ($1, $2, current_date - 8)`, [titleA, randomUUID()]);
      const { mostWatched }: TitleRankings = (await stack.api.get('/api/rankings/titles')).body.data;
      expect(mostWatched.find((entry) => entry.animeId === titleA)).toMatchObject({ value: 3, votes: 3 });
    });
  });

  it('the backfill builds the same read model from the lists, comments and progress as the events did', async () => {
    const user = await knownUser();
    expect((await stack.api.put('/api/users/anime/status', { animeId: DEATH_NOTE.id, status: 'completed' }, auth(user))).status).toBe(200);
    expect((await stack.api.post('/api/rating', { animeId: DEATH_NOTE.id, rating: 6 }, auth(user))).status).toBe(200);
    expect((await stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: 'Для пересчёта' }, auth(user))).status).toBe(201);
    expect((await stack.api.post('/api/progress', { animeId: DEATH_NOTE.id, episode: 1, position: 10 }, auth(user))).status).toBe(200);
    await settlesAt(user, 'byRating', 1);
    await settlesAt(user, 'byAnime', 1);
    const snapshot = async () => ({
      counters: await stack.db.query('SELECT board, value FROM community.ranking_counters WHERE user_id = $1 ORDER BY board', [user.id]),
      scores: await stack.db.query('SELECT votes, total FROM community.title_rating_stats WHERE anime_id = $1', [DEATH_NOTE.id]),
      watched: await stack.db.query('SELECT watched_on FROM community.title_viewers WHERE user_id = $1', [user.id]),
    });
    const fromEvents = await snapshot();
    await stack.db.query('TRUNCATE community.ranking_counters, community.ranking_value_counts, community.title_rating_stats, community.title_viewers');
    const runner = { query: (sql: string, params?: unknown[]) => stack.db.query(sql, params) };
    await backfillRankings(runner);
    await backfillRankingValueCounts(runner);
    expect(await snapshot()).toEqual(fromEvents);
    expect(fromEvents.counters).toEqual([
      { board: 'byAnime', value: 1 },
      { board: 'byComments', value: 1 },
      { board: 'byRating', value: 1 },
    ]);
  });

  it('GET /api/ranks lists the ladder with what each rank needs, for guests too', async () => {
    const res = await stack.api.get('/api/ranks');
    expect(res.status).toBe(200);
    expect(res.body.data.ranks).toEqual(RANK_LADDER);
    expect(res.body.data.ranks.length).toBeGreaterThanOrEqual(8);
    expect(res.body.data.ranks.map((rank: { name: string }) => rank.name)).toEqual(expect.arrayContaining(['новичок', 'сэнпай', 'легенда']));
  });
});

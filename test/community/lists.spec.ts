import { waitFor } from '@portal/testing';
import { importCatalogue } from '../../apps/catalogue/src/cli/import-catalogue';
import { editableSources, editRecord } from '../catalogue/catalogue-test-kit';
import { testEnv } from '../support/test-apps';
import type { RegisteredUser } from '../auth/auth-test-kit';
import {
  ATTACK_ON_TITAN,
  type CommunityStack,
  DEATH_NOTE,
  expectFieldError,
  NARUTO,
  communityState,
  settledState,
  startCommunityStack,
  statsAgreeingWithLists,
  unseenTitles,
} from './community-test-kit';

describe('anime lists and ratings through the gateway', () => {
  let stack: CommunityStack;
  let alice: RegisteredUser;
  const auth = (user: RegisteredUser) => ({ token: user.token });
  const put = (user: RegisteredUser, body: unknown) => stack.api.put('/api/users/anime/status', body, auth(user));
  const importFile = (user: RegisteredUser, content: string) => {
    const body = new FormData();
    body.append('file', new Blob([content], { type: 'application/json' }), 'list.json');
    return stack.api.post('/api/users/anime/import?format=shikimori', body, auth(user));
  };
  const entryOf = async (user: RegisteredUser, animeId: number) => (await stack.api.get(`/api/users/anime/${animeId}`, auth(user))).body.data;

  const heldCopies = async () => (await stack.db.query('SELECT count(*)::int AS n FROM community.anime_refs'))[0].n as number;

  beforeAll(async () => {
    stack = await startCommunityStack('lists');
    alice = await stack.user();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('access', () => {
    it.each([
      ['PUT', '/api/users/anime/status'],
      ['GET', '/api/users/anime'],
      ['GET', `/api/users/anime/${DEATH_NOTE.id}`],
      ['DELETE', `/api/users/anime/${DEATH_NOTE.id}`],
      ['POST', '/api/rating'],
      ['POST', '/api/users/anime/import'],
      ['GET', '/api/users/anime/export'],
    ])('%s %s needs a signed-in user', async (method, path) => {
      const res = await stack.api[method.toLowerCase() as 'get'](path, { animeId: DEATH_NOTE.id, rating: 5 } as never);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('refuses a forged token', async () => {
      const res = await put({ ...alice, token: `${alice.token}x` }, { animeId: DEATH_NOTE.id });
      expect(res.status).toBe(401);
    });
  });

  describe('transitions (SPEC §4 and docs/community.md)', () => {
    it('adds a title as planned, with the catalogue’s name and episode count whatever the client sends', async () => {
      const user = await stack.user();
      const catalogue = (await stack.api.get(`/api/anime/${DEATH_NOTE.id}`)).body.data;
      const res = await put(user, { animeId: DEATH_NOTE.id, anime: { title: 'подделка', episodes: 1 } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        animeId: DEATH_NOTE.id,
        status: 'planned',
        progress: 0,
        userRating: null,
        watchedEpisodes: [],
        rewatches: 0,
        anime: { id: DEATH_NOTE.id, title: catalogue.title, episodes: DEATH_NOTE.episodes, kind: 'tv', year: catalogue.year },
      });
      expect(res.body.data.anime.poster).toBe(catalogue.poster);
      expect(res.body.data.anime.fallbackPoster).toBe(catalogue.fallbackPoster);
    });

    it('accepts the id as a string (the client sends id_shiki or id)', async () => {
      const user = await stack.user();
      const res = await put(user, { animeId: String(ATTACK_ON_TITAN.id), status: 'watching' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ animeId: ATTACK_ON_TITAN.id, status: 'watching' });
    });

    it('a watched episode makes the title watching and is kept; the last one completes it with progress capped', async () => {
      const user = await stack.user();
      let res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 3 });
      expect(res.body.data).toMatchObject({ status: 'watching', progress: 3, watchedEpisodes: [3] });
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 1 });
      expect(res.body.data).toMatchObject({ status: 'watching', progress: 3, watchedEpisodes: [1, 3] });
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: ATTACK_ON_TITAN.episodes });
      expect(res.body.data).toMatchObject({ status: 'completed', progress: ATTACK_ON_TITAN.episodes, watchedEpisodes: [1, 3, 25] });
    });

    it('completed fills the progress; a progress at the total completes; beyond it is capped', async () => {
      const user = await stack.user();
      expect((await put(user, { animeId: DEATH_NOTE.id, status: 'completed' })).body.data).toMatchObject({
        status: 'completed',
        progress: DEATH_NOTE.episodes,
      });
      expect((await put(user, { animeId: ATTACK_ON_TITAN.id, progress: 99 })).body.data).toMatchObject({
        status: 'completed',
        progress: ATTACK_ON_TITAN.episodes,
      });
      expect((await put(user, { animeId: NARUTO.id, progress: 10 })).body.data).toMatchObject({ status: 'watching', progress: 10 });
      expect((await put(user, { animeId: NARUTO.id, status: 'on_hold' })).body.data).toMatchObject({ status: 'on_hold', progress: 10 });
      expect((await put(user, { animeId: NARUTO.id, status: 'dropped' })).body.data).toMatchObject({ status: 'dropped', progress: 10 });
      expect((await put(user, { animeId: NARUTO.id, status: 'planned', progress: 0 })).body.data).toMatchObject({ status: 'planned', progress: 0 });
    });

    it('watching with a progress at or above the total completes the title, and its event and stats say completed', async () => {
      const before = await statsAgreeingWithLists(stack, DEATH_NOTE.id);
      const user = await stack.user();
      await put(user, { animeId: DEATH_NOTE.id, status: 'watching', progress: 5 });
      let res = await put(user, { animeId: DEATH_NOTE.id, status: 'watching', progress: DEATH_NOTE.episodes + 3 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'completed', progress: DEATH_NOTE.episodes });
      expect(await entryOf(user, DEATH_NOTE.id)).toMatchObject({ status: 'completed', progress: DEATH_NOTE.episodes });
      // Exactly the total, in one request that also adds the title.
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'watching', progress: ATTACK_ON_TITAN.episodes });
      expect(res.body.data).toMatchObject({ status: 'completed', progress: ATTACK_ON_TITAN.episodes });
      // A rewatch finished this way counts like one finished by episode.
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'rewatching' });
      expect(res.body.data).toMatchObject({ status: 'rewatching', progress: 0 });
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'rewatching', progress: ATTACK_ON_TITAN.episodes });
      expect(res.body.data).toMatchObject({ status: 'completed', progress: ATTACK_ON_TITAN.episodes, rewatches: 1 });

      const events: { payload: { status: string; previousStatus: string | null; progress: number } }[] = await stack.db.query(
        `SELECT payload FROM community.outbox WHERE event_name = 'community.list.updated' AND payload->>'userId' = $1 AND (payload->>'animeId')::int = $2 ORDER BY occurred_at`,
        [user.id, DEATH_NOTE.id],
      );
      expect(events.map((event) => event.payload)).toEqual([
        expect.objectContaining({ status: 'watching', previousStatus: null, progress: 5 }),
        expect.objectContaining({ status: 'completed', previousStatus: 'watching', progress: DEATH_NOTE.episodes }),
      ]);
      const after = await statsAgreeingWithLists(stack, DEATH_NOTE.id);
      expect(after.statuses.completed).toBe(before.statuses.completed + 1);
      expect(after.statuses.watching).toBe(before.statuses.watching);
    });

    it('with an unknown episode count a progress never completes the title', async () => {
      const admin = await stack.admin();
      const created = await stack.api.post('/api/anime', { title: 'Тайтл без числа серий', kind: 'tv' }, auth(admin));
      expect(created.status).toBe(201);
      expect(created.body.data.episodes ?? null).toBeNull();
      const user = await stack.user();
      const res = await put(user, { animeId: created.body.data.id, status: 'watching', progress: 500 });
      expect(res.body.data).toMatchObject({ status: 'watching', progress: 500 });
      expect((await put(user, { animeId: created.body.data.id, progress: 900 })).body.data).toMatchObject({ status: 'watching', progress: 900 });
    });

    it('rewatching only from completed: the pass restarts at 0 and finishing it counts a rewatch', async () => {
      const user = await stack.user();
      await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'watching' });
      const refused = await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'rewatching' });
      expectFieldError(refused, 'status');
      expect((await entryOf(user, ATTACK_ON_TITAN.id)).status).toBe('watching');

      await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'completed' });
      let res = await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'rewatching' });
      expect(res.body.data).toMatchObject({ status: 'rewatching', progress: 0, watchedEpisodes: [], rewatches: 0 });
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 24 });
      expect(res.body.data).toMatchObject({ status: 'rewatching', progress: 24 });
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 25 });
      expect(res.body.data).toMatchObject({ status: 'completed', progress: 25, rewatches: 1 });
      // An earlier episode of a completed title starts the next rewatch.
      res = await put(user, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 2 });
      expect(res.body.data).toMatchObject({ status: 'rewatching', progress: 2, watchedEpisodes: [2], rewatches: 1 });
    });
  });

  describe('bad input: 400 naming the field, nothing changed', () => {
    let user: RegisteredUser;
    beforeAll(async () => {
      user = await stack.user();
      await put(user, { animeId: DEATH_NOTE.id, watchedEpisode: 2 });
    });

    it.each([
      [{}, 'animeId'],
      [{ animeId: 'abc' }, 'animeId'],
      [{ animeId: -5 }, 'animeId'],
      [{ animeId: 1.5 }, 'animeId'],
      [{ animeId: 999_999_999 }, 'animeId'],
      [{ animeId: DEATH_NOTE.id, status: 'watched' }, 'status'],
      [{ animeId: DEATH_NOTE.id, progress: -1 }, 'progress'],
      [{ animeId: DEATH_NOTE.id, progress: 2.5 }, 'progress'],
      [{ animeId: DEATH_NOTE.id, progress: 'много' }, 'progress'],
      [{ animeId: DEATH_NOTE.id, watchedEpisode: 0 }, 'watchedEpisode'],
      [{ animeId: DEATH_NOTE.id, watchedEpisode: DEATH_NOTE.episodes + 1 }, 'watchedEpisode'],
      [{ animeId: DEATH_NOTE.id, status: 'rewatching' }, 'status'],
    ])('PUT %j → 400 on %s', async (body, field) => {
      const res = await put(user, body);
      expectFieldError(res, field);
      expect(await entryOf(user, DEATH_NOTE.id)).toMatchObject({ status: 'watching', progress: 2, watchedEpisodes: [2] });
    });

    it('an unknown title is a 400 on animeId with a Russian message', async () => {
      const res = await put(user, { animeId: 999_999_999 });
      expect(res.body.errors).toEqual([{ field: 'animeId', message: 'Аниме с таким id нет в каталоге' }]);
    });

    it.each([
      ['/api/users/anime?status=watched', 'status'],
      ['/api/users/anime?limit=0', 'limit'],
      ['/api/users/anime?limit=101', 'limit'],
      ['/api/users/anime?page=x', 'page'],
      ['/api/users/anime/abc', 'animeId'],
    ])('GET %s → 400 on %s', async (path, field) => {
      expectFieldError(await stack.api.get(path, auth(user)), field);
    });

    it('DELETE of an id that is not a number is a 400; of a title not in the list a 404', async () => {
      expectFieldError(await stack.api.delete('/api/users/anime/abc', auth(user)), 'animeId');
      const res = await stack.api.delete(`/api/users/anime/${NARUTO.id}`, auth(user));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Этого аниме нет в списке');
    });
  });

  describe('a refused request on a title the community has never seen changes nothing (issue #12)', () => {
    let user: RegisteredUser;
    let title: { id: number; episodes: number };
    const importJson = (who: RegisteredUser, content: string) => stack.api.post('/api/users/anime/import?format=shikimori', JSON.parse(content), auth(who));

    beforeEach(async () => {
      user = await stack.user();
      [title] = await unseenTitles(stack, 1);
      expect(title).toBeDefined();
    });

    it.each([
      ['a rewatch of a title not completed', () => ({ animeId: title.id, status: 'rewatching' }), 'status'],
      ['an episode past the total', () => ({ animeId: title.id, watchedEpisode: title.episodes + 1 }), 'watchedEpisode'],
      ['a progress and an episode past the total', () => ({ animeId: title.id, progress: 1, watchedEpisode: title.episodes + 1 }), 'watchedEpisode'],
    ])('PUT /api/users/anime/status with %s → 400, no copy of the title, no row anywhere', async (_case, body, field) => {
      const before = await settledState(stack);
      expectFieldError(await put(user, body()), field);
      expect(await communityState(stack)).toEqual(before);
      expect((await stack.db.query('SELECT count(*)::int AS n FROM community.anime_refs WHERE id = $1', [title.id]))[0].n).toBe(0);
      // The same title accepted afterwards stores its copy with the entry.
      expect((await put(user, { animeId: title.id, watchedEpisode: 1 })).body.data).toMatchObject({
        status: 'watching',
        anime: { id: title.id, episodes: title.episodes },
      });
      expect(await heldCopies()).toBe(before.anime_refs.rows + 1);
      expect(await entryOf(user, title.id)).toMatchObject({ progress: 1, watchedEpisodes: [1] });
    });

    it('POST /api/rating refused (rating out of range, unknown title) → 400, nothing stored; accepted, the copy comes with the entry', async () => {
      const before = await settledState(stack);
      expectFieldError(await stack.api.post('/api/rating', { animeId: title.id, rating: 11 }, auth(user)), 'rating');
      expectFieldError(await stack.api.post('/api/rating', { animeId: 999_999_999, rating: 5 }, auth(user)), 'animeId');
      expect(await communityState(stack)).toEqual(before);
      const res = await stack.api.post('/api/rating', { animeId: title.id, rating: 9 }, auth(user));
      expect(res.body.data).toMatchObject({ animeId: title.id, userRating: 9, votes: 1 });
      expect(await heldCopies()).toBe(before.anime_refs.rows + 1);
      expect(await entryOf(user, title.id)).toMatchObject({ status: 'planned', userRating: 9, anime: { id: title.id } });
    });

    it('reading or removing an entry of an unseen title stores no copy', async () => {
      const before = await settledState(stack);
      expect(await entryOf(user, title.id)).toBeNull();
      expect((await stack.api.delete(`/api/users/anime/${title.id}`, auth(user))).status).toBe(404);
      expect(await communityState(stack)).toEqual(before);
    });

    it('a refused import (400) and an import whose every entry is skipped store nothing', async () => {
      const before = await settledState(stack);
      const rate = { target_id: title.id, target_type: 'Anime', target_title: 'x', status: 'watching', episodes: 1, score: 0, rewatches: 0 };
      expectFieldError(await importFile(user, JSON.stringify([rate]).slice(0, -2)), 'file');
      const skipped = await importJson(
        user,
        JSON.stringify([
          { ...rate, status: 'watched' },
          { ...rate, target_type: 'Manga' },
          { ...rate, target_id: 999_999_999 },
        ]),
      );
      expect(skipped.body.data).toMatchObject({ imported: 0, updated: 0, unchanged: 0 });
      expect(skipped.body.data.skipped).toHaveLength(3);
      expect(await communityState(stack)).toEqual(before);
      // Accepted: the copy is stored in the import's transaction, and an absurd count is capped, not a failed write.
      const accepted = await importJson(user, JSON.stringify([{ ...rate, rewatches: 1e300 }]));
      expect(accepted.body.data).toMatchObject({ imported: 1 });
      expect(await heldCopies()).toBe(before.anime_refs.rows + 1);
      expect(await entryOf(user, title.id)).toMatchObject({ status: 'watching', progress: 1, rewatches: 2_147_483_647, anime: { id: title.id } });
    });
  });

  it('parallel episode records of one entry lose none', async () => {
    const user = await stack.user();
    const episodes = Array.from({ length: 30 }, (_, index) => index + 1);
    const answers = await Promise.all(episodes.map((watchedEpisode) => put(user, { animeId: NARUTO.id, watchedEpisode })));
    expect(answers.map((res) => res.status)).toEqual(episodes.map(() => 200));
    const entry = await entryOf(user, NARUTO.id);
    expect(entry).toMatchObject({ status: 'watching', progress: 30, watchedEpisodes: episodes });
    // One list event per change: the first added the entry, the other 29 changed it.
    const [{ count }] = await stack.db.query(
      `SELECT count(*)::int AS count FROM community.outbox WHERE event_name = 'community.list.updated' AND payload->>'userId' = $1`,
      [user.id],
    );
    expect(count).toBe(30);
  });

  it('parallel first records of a new entry create it once and keep every episode', async () => {
    const user = await stack.user();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((watchedEpisode) => put(user, { animeId: DEATH_NOTE.id, watchedEpisode })));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(await entryOf(user, DEATH_NOTE.id)).toMatchObject({ watchedEpisodes: [1, 2, 3, 4, 5], progress: 5 });
  });

  describe('reading lists', () => {
    let reader: RegisteredUser;
    beforeAll(async () => {
      reader = await stack.user();
      await put(reader, { animeId: DEATH_NOTE.id, status: 'completed' });
      await put(reader, { animeId: ATTACK_ON_TITAN.id, watchedEpisode: 1 });
      await put(reader, { animeId: NARUTO.id, status: 'planned' });
    });

    it('the own list: most recent first, counts per status, status filter and pages', async () => {
      const res = await stack.api.get('/api/users/anime', auth(reader));
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((entry: { animeId: number }) => entry.animeId)).toEqual([NARUTO.id, ATTACK_ON_TITAN.id, DEATH_NOTE.id]);
      expect(res.body.data).toMatchObject({
        total: 3,
        page: 1,
        counts: { planned: 1, watching: 1, completed: 1, on_hold: 0, dropped: 0, rewatching: 0 },
      });
      const watching = await stack.api.get('/api/users/anime?status=watching', auth(reader));
      expect(watching.body.data.items.map((entry: { animeId: number }) => entry.animeId)).toEqual([ATTACK_ON_TITAN.id]);
      expect(watching.body.data.total).toBe(1);
      const second = await stack.api.get('/api/users/anime?limit=2&page=2', auth(reader));
      expect(second.body.data.items.map((entry: { animeId: number }) => entry.animeId)).toEqual([DEATH_NOTE.id]);
    });

    it('anyone’s list by username, without a session; an unknown username is a 404', async () => {
      const res = await stack.api.get(`/api/users/profile/${reader.username}/anime?status=completed`);
      expect(res.status).toBe(200);
      expect(res.body.data.items).toHaveLength(1);
      expect(res.body.data.items[0]).toMatchObject({ animeId: DEATH_NOTE.id, status: 'completed', progress: DEATH_NOTE.episodes });
      expect(res.body.data.counts.watching).toBe(1);
      const missing = await stack.api.get('/api/users/profile/nobody_here_12345/anime');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Пользователь не найден');
    });

    it('one entry, or null for a title not in the list', async () => {
      expect(await entryOf(reader, DEATH_NOTE.id)).toMatchObject({ animeId: DEATH_NOTE.id, status: 'completed' });
      const other = await stack.user();
      const res = await stack.api.get(`/api/users/anime/${DEATH_NOTE.id}`, auth(other));
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    });

    it('DELETE removes the entry (and its rating)', async () => {
      await stack.api.post('/api/rating', { animeId: NARUTO.id, rating: 6 }, auth(reader));
      const res = await stack.api.delete(`/api/users/anime/${NARUTO.id}`, auth(reader));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ animeId: NARUTO.id, removed: true });
      expect(await entryOf(reader, NARUTO.id)).toBeNull();
    });
  });

  describe('ratings', () => {
    it.each([
      [{ animeId: DEATH_NOTE.id }, 'rating'],
      [{ animeId: DEATH_NOTE.id, rating: 0 }, 'rating'],
      [{ animeId: DEATH_NOTE.id, rating: 11 }, 'rating'],
      [{ animeId: DEATH_NOTE.id, rating: 7.5 }, 'rating'],
      [{ animeId: DEATH_NOTE.id, rating: 'десять' }, 'rating'],
      [{ animeId: DEATH_NOTE.id, rating: null }, 'rating'],
      [{ rating: 5 }, 'animeId'],
      [{ animeId: 999_999_999, rating: 5 }, 'animeId'],
    ])('POST /api/rating %j → 400 on %s', async (body, field) => {
      const user = await stack.user();
      expectFieldError(await stack.api.post('/api/rating', body, auth(user)), field);
      expect(await entryOf(user, DEATH_NOTE.id)).toBeNull();
    });

    it('rating an unlisted title adds it as planned; the answer carries the portal average and votes', async () => {
      const [first, second] = [await stack.user(), await stack.user()];
      const before = (await stack.api.post('/api/rating', { animeId: ATTACK_ON_TITAN.id, rating: 10 }, auth(first))).body.data;
      expect(before).toMatchObject({ animeId: ATTACK_ON_TITAN.id, userRating: 10 });
      const res = await stack.api.post('/api/rating', { animeId: ATTACK_ON_TITAN.id, rating: 6 }, auth(second));
      expect(res.status).toBe(200);
      expect(res.body.data.votes).toBe(before.votes + 1);
      expect(await entryOf(second, ATTACK_ON_TITAN.id)).toMatchObject({ status: 'planned', userRating: 6 });
      const changed = await stack.api.post('/api/rating', { animeId: ATTACK_ON_TITAN.id, rating: 8 }, auth(second));
      expect(changed.body.data.votes).toBe(before.votes + 1);
      expect(changed.body.data.average).toBeCloseTo((before.average * before.votes + 8) / (before.votes + 1), 1);
    });
  });

  it('list and rating events reach the catalogue’s statistics of the title', async () => {
    const before = await statsAgreeingWithLists(stack, DEATH_NOTE.id);
    const viewer = await stack.user();
    await put(viewer, { animeId: DEATH_NOTE.id, status: 'dropped' });
    await stack.api.post('/api/rating', { animeId: DEATH_NOTE.id, rating: 3 }, auth(viewer));
    await stack.api.post('/api/rating', { animeId: DEATH_NOTE.id, rating: 4 }, auth(viewer));
    const result = await statsAgreeingWithLists(stack, DEATH_NOTE.id);
    expect(result.statuses.dropped).toBe(before.statuses.dropped + 1);
    expect(result.scores['4']).toBe(before.scores['4'] + 1);
    expect(result.scores['3']).toBe(before.scores['3']);
    expect(result.votes).toBe(Object.values(result.scores as Record<string, number>).reduce((sum, n) => sum + n, 0));
    expect(result.averageScore).not.toBeNull();

    // Removing the entry takes its status and score back out.
    await stack.api.delete(`/api/users/anime/${DEATH_NOTE.id}`, auth(viewer));
    const after = await statsAgreeingWithLists(stack, DEATH_NOTE.id);
    expect(after.statuses.dropped).toBe(before.statuses.dropped);
    expect(after.scores['4']).toBe(before.scores['4']);
  });

  it('a catalogue edit of a listed title reaches the lists (catalogue.anime.updated)', async () => {
    const admin = await stack.admin();
    const created = await stack.api.post('/api/anime', { title: 'Тестовый тайтл', episodes: 12, kind: 'tv' }, auth(admin));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const user = await stack.user();
    expect((await put(user, { animeId: id, watchedEpisode: 12 })).body.data).toMatchObject({
      status: 'completed',
      progress: 12,
      anime: { title: 'Тестовый тайтл', episodes: 12 },
    });
    await stack.api.patch(`/api/anime/${id}`, { title: 'Новое имя', episodes: 24 }, auth(admin));
    const entry = await waitFor(async () => {
      const current = await entryOf(user, id);
      return current.anime.title === 'Новое имя' ? current : null;
    }, 15_000);
    expect(entry.anime.episodes).toBe(24);
    // The new total applies to the next change.
    expect((await put(user, { animeId: id, watchedEpisode: 13 })).body.data).toMatchObject({ status: 'rewatching', progress: 13 });
  });

  it('a dataset re-import that changes a listed title reaches the lists (catalogue.anime.reimported)', async () => {
    const user = await stack.user();
    await put(user, { animeId: ATTACK_ON_TITAN.id, status: 'planned' });
    const sources = editableSources();
    try {
      sources.rewrite((rows) => rows.map(editRecord(`myanimelist:${ATTACK_ON_TITAN.id}`, (record) => (record.episodes = 99))));
      expect(await importCatalogue(testEnv({ ...stack.env, CATALOGUE_DATA_DIR: sources.dir }))).toMatchObject({ updated: 1 });
      const entry = await waitFor(async () => {
        const current = await entryOf(user, ATTACK_ON_TITAN.id);
        return current.anime.episodes === 99 ? current : null;
      }, 15_000);
      expect(entry).toMatchObject({ status: 'planned', anime: { id: ATTACK_ON_TITAN.id } });
    } finally {
      sources.close();
    }
  });
});

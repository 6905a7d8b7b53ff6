import { ProgressRepository } from '../../apps/community/src/progress/progress.repository';
import { ProgressWriter } from '../../apps/community/src/progress/services/progress-writer';
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
  unseenTitles,
} from './community-test-kit';

describe('watch progress through the gateway', () => {
  let stack: CommunityStack;
  let viewer: RegisteredUser;
  const auth = (user: RegisteredUser) => ({ token: user.token });
  const save = (user: RegisteredUser, body: unknown) => stack.api.post('/api/progress', body, auth(user));
  const read = async (user: RegisteredUser, animeId: number, episode?: number) =>
    (await stack.api.get(`/api/progress?animeId=${animeId}${episode === undefined ? '' : `&episode=${episode}`}`, auth(user))).body.data;

  beforeAll(async () => {
    stack = await startCommunityStack('progress');
    viewer = await stack.user();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it.each([
    ['POST', '/api/progress'],
    ['GET', `/api/progress?animeId=${DEATH_NOTE.id}&episode=1`],
    ['DELETE', `/api/progress?animeId=${DEATH_NOTE.id}&episode=1`],
    ['GET', '/api/progress/continue'],
  ])('%s %s needs a signed-in user', async (method, path) => {
    const res = await stack.api[method.toLowerCase() as 'get'](path, { animeId: DEATH_NOTE.id, episode: 1, position: 5 } as never);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('saves a position and reads it back; an episode never saved reads null', async () => {
    const res = await save(viewer, { animeId: DEATH_NOTE.id, episode: 2, position: 120.5, duration: 1420 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ animeId: DEATH_NOTE.id, episode: 2, position: 120.5, duration: 1420 });
    expect(await read(viewer, DEATH_NOTE.id, 2)).toMatchObject({ episode: 2, position: 120.5, duration: 1420 });
    expect(await read(viewer, DEATH_NOTE.id, 3)).toBeNull();
    const stranger = await stack.user();
    expect(await read(stranger, DEATH_NOTE.id, 2)).toBeNull();
  });

  it('a later write replaces the position and keeps the known duration; without episode the latest point is read', async () => {
    await save(viewer, { animeId: DEATH_NOTE.id, episode: 2, position: 300 });
    expect(await read(viewer, DEATH_NOTE.id, 2)).toMatchObject({ position: 300, duration: 1420 });
    await save(viewer, { animeId: DEATH_NOTE.id, episode: 4, position: 10 });
    expect(await read(viewer, DEATH_NOTE.id)).toMatchObject({ episode: 4, position: 10 });
    await save(viewer, { animeId: DEATH_NOTE.id, episode: 2, position: 301 });
    expect(await read(viewer, DEATH_NOTE.id)).toMatchObject({ episode: 2, position: 301 });
  });

  it('DELETE forgets an episode (query or body); a second delete reports nothing deleted', async () => {
    await save(viewer, { animeId: NARUTO.id, episode: 7, position: 42 });
    await save(viewer, { animeId: NARUTO.id, episode: 8, position: 43 });
    let res = await stack.api.delete(`/api/progress?animeId=${NARUTO.id}&episode=7`, auth(viewer));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    expect(await read(viewer, NARUTO.id, 7)).toBeNull();
    res = await stack.api.delete(`/api/progress?animeId=${NARUTO.id}&episode=7`, auth(viewer));
    expect(res.body.data).toEqual({ deleted: false });
    // The API client passes a body through on DELETE too.
    res = await stack.api.delete('/api/progress', { ...auth(viewer), body: { animeId: NARUTO.id, episode: 8 } } as never);
    expect(res.body.data).toEqual({ deleted: true });
    expect(await read(viewer, NARUTO.id, 8)).toBeNull();
  });

  it('DELETE without episode forgets every position of the title, and only the caller’s of that title', async () => {
    const user = await stack.user();
    const other = await stack.user();
    for (const episode of [1, 2, 3]) await save(user, { animeId: DEATH_NOTE.id, episode, position: 30 });
    await save(user, { animeId: NARUTO.id, episode: 1, position: 40 });
    await save(other, { animeId: DEATH_NOTE.id, episode: 1, position: 50 });
    let res = await stack.api.delete(`/api/progress?animeId=${DEATH_NOTE.id}`, auth(user));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true });
    expect(await read(user, DEATH_NOTE.id)).toBeNull();
    expect(await read(user, NARUTO.id, 1)).toMatchObject({ position: 40 });
    expect(await read(other, DEATH_NOTE.id, 1)).toMatchObject({ position: 50 });
    res = await stack.api.get('/api/progress/continue', auth(user));
    expect(res.body.data.map((item: { animeId: number }) => item.animeId)).toEqual([NARUTO.id]);
    res = await stack.api.delete('/api/progress', { ...auth(user), body: { animeId: DEATH_NOTE.id } } as never);
    expect(res.body.data).toEqual({ deleted: false });
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    let user: RegisteredUser;
    beforeAll(async () => {
      user = await stack.user();
      await save(user, { animeId: ATTACK_ON_TITAN.id, episode: 1, position: 50 });
    });

    it.each([
      [{ episode: 1, position: 5 }, 'animeId'],
      [{ animeId: 'x', episode: 1, position: 5 }, 'animeId'],
      [{ animeId: 999_999_999, episode: 1, position: 5 }, 'animeId'],
      [{ animeId: ATTACK_ON_TITAN.id, position: 5 }, 'episode'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 0, position: 5 }, 'episode'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1.5, position: 5 }, 'episode'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: ATTACK_ON_TITAN.episodes + 1, position: 5 }, 'episode'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1 }, 'position'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: -1 }, 'position'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: 'abc' }, 'position'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: 'Infinity' }, 'position'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: 1e12 }, 'position'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: 5, duration: 0 }, 'duration'],
      [{ animeId: ATTACK_ON_TITAN.id, episode: 1, position: 5, duration: 'NaN' }, 'duration'],
    ])('POST %j → 400 on %s', async (body, field) => {
      expectFieldError(await save(user, body), field);
      expect(await read(user, ATTACK_ON_TITAN.id, 1)).toMatchObject({ position: 50 });
    });

    it.each([
      ['GET', '/api/progress', 'animeId'],
      ['GET', `/api/progress?animeId=${ATTACK_ON_TITAN.id}&episode=0`, 'episode'],
      ['GET', '/api/progress?animeId=-1', 'animeId'],
      ['DELETE', `/api/progress?animeId=${ATTACK_ON_TITAN.id}&episode=0`, 'episode'],
      ['DELETE', '/api/progress?episode=1', 'animeId'],
      ['GET', '/api/progress/continue?limit=0', 'limit'],
      ['GET', '/api/progress/continue?limit=51', 'limit'],
    ])('%s %s → 400 on %s', async (method, path, field) => {
      expectFieldError(await stack.api[method.toLowerCase() as 'get'](path, auth(user)), field);
      expect(await read(user, ATTACK_ON_TITAN.id, 1)).toMatchObject({ position: 50 });
    });
  });

  it('continue watching: one item per title, newest first, finished titles left out', async () => {
    const user = await stack.user();
    await save(user, { animeId: DEATH_NOTE.id, episode: 1, position: 100, duration: 1400 });
    await save(user, { animeId: DEATH_NOTE.id, episode: 2, position: 200, duration: 1400 });
    await save(user, { animeId: NARUTO.id, episode: 5, position: 60 });
    // Finished: the last episode watched to the end…
    await save(user, { animeId: ATTACK_ON_TITAN.id, episode: ATTACK_ON_TITAN.episodes, position: 1390, duration: 1420 });
    let res = await stack.api.get('/api/progress/continue', auth(user));
    expect(res.status).toBe(200);
    expect(res.body.data.map((item: { animeId: number; episode: number }) => [item.animeId, item.episode])).toEqual([
      [NARUTO.id, 5],
      [DEATH_NOTE.id, 2],
    ]);
    expect(res.body.data[1]).toMatchObject({ position: 200, duration: 1400, anime: { id: DEATH_NOTE.id, episodes: DEATH_NOTE.episodes } });
    // …or completed in the list.
    await stack.api.put('/api/users/anime/status', { animeId: NARUTO.id, status: 'completed' }, auth(user));
    res = await stack.api.get('/api/progress/continue?limit=1', auth(user));
    expect(res.body.data.map((item: { animeId: number }) => item.animeId)).toEqual([DEATH_NOTE.id]);
  });

  it('continue watching leaves out dropped titles; a title put on hold stays', async () => {
    const user = await stack.user();
    await save(user, { animeId: DEATH_NOTE.id, episode: 3, position: 100 });
    await save(user, { animeId: NARUTO.id, episode: 5, position: 60 });
    await stack.api.put('/api/users/anime/status', { animeId: DEATH_NOTE.id, status: 'on_hold' }, auth(user));
    await stack.api.put('/api/users/anime/status', { animeId: NARUTO.id, status: 'dropped' }, auth(user));
    const res = await stack.api.get('/api/progress/continue', auth(user));
    expect(res.body.data.map((item: { animeId: number }) => item.animeId)).toEqual([DEATH_NOTE.id]);
  });

  it('a burst of concurrent viewers: every viewer’s final position is the last one they sent', async () => {
    const viewers = await Promise.all(Array.from({ length: 8 }, () => stack.user()));
    const WRITES = 40;
    const last = await Promise.all(
      viewers.map(async (user, index) => {
        let sent = 0;
        for (let i = 1; i <= WRITES; i++) {
          sent = i * 10 + index / 10;
          const res = await save(user, { animeId: NARUTO.id, episode: 1 + (index % 3), position: sent, duration: 1400 });
          if (res.status !== 200) throw new Error(`write answered ${res.status}`);
        }
        return sent;
      }),
    );
    for (const [index, user] of viewers.entries()) {
      expect(await read(user, NARUTO.id, 1 + (index % 3))).toMatchObject({ position: last[index] });
    }
  });

  it('saves sent together travel as one batch, and a bad one fails only its own request', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => stack.user()));
    const answers = await Promise.all([
      ...users.map((user, index) => save(user, { animeId: DEATH_NOTE.id, episode: 3, position: 100 + index })),
      save(users[0], { animeId: DEATH_NOTE.id, episode: 3, position: -5 }),
      save(users[1], { animeId: 999_999_999, episode: 3, position: 5 }),
    ]);
    expect(answers.slice(0, 6).map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expectFieldError(answers[6], 'position');
    expectFieldError(answers[7], 'animeId');
    for (const [index, user] of users.entries()) expect(await read(user, DEATH_NOTE.id, 3)).toMatchObject({ position: 100 + index });
  });

  it('writes of one key arriving together share one statement and the last to arrive wins', async () => {
    const writer = stack.community.app.get(ProgressWriter);
    const repository = stack.community.app.get(ProgressRepository);
    const statements = jest.spyOn(repository, 'write');
    try {
      const user = await stack.user();
      const key = { userId: user.id, animeId: DEATH_NOTE.id, episode: 9 };
      const acks = await Promise.all(Array.from({ length: 200 }, (_, position) => writer.save({ ...key, position, duration: null })));
      expect(statements).toHaveBeenCalledTimes(1);
      expect(acks.map((row) => row?.position)).toEqual(Array.from({ length: 200 }, (_, position) => position));
      expect(await read(user, DEATH_NOTE.id, 9)).toMatchObject({ position: 199 });

      // A delete after a save in the same batch wins too, and a save after a delete.
      await Promise.all([writer.save({ ...key, position: 5, duration: null }), writer.delete(key)]);
      expect(await read(user, DEATH_NOTE.id, 9)).toBeNull();
      await Promise.all([writer.delete(key), writer.save({ ...key, position: 6, duration: null })]);
      expect(await read(user, DEATH_NOTE.id, 9)).toMatchObject({ position: 6 });
      // A save overtaken by a delete of a key never stored is still answered with what it asked for.
      const fresh = { ...key, episode: 12 };
      const [overtaken, deleted] = await Promise.all([writer.save({ ...fresh, position: 3, duration: null }), writer.delete(fresh)]);
      expect(overtaken).toMatchObject({ anime_id: DEATH_NOTE.id, episode: 12, position: 3 });
      expect(deleted).toBeNull();
      expect(await read(user, DEATH_NOTE.id, 12)).toBeNull();

      // Forgetting the title keeps its place in the order: writes before it go, writes after it stay.
      const title = { userId: user.id, animeId: DEATH_NOTE.id };
      const [, forgotten] = await Promise.all([
        writer.save({ ...key, episode: 10, position: 7, duration: null }),
        writer.forget(title),
        writer.save({ ...key, episode: 11, position: 8, duration: null }),
      ]);
      expect(forgotten).toBe(2);
      expect(await read(user, DEATH_NOTE.id, 9)).toBeNull();
      expect(await read(user, DEATH_NOTE.id, 10)).toBeNull();
      expect(await read(user, DEATH_NOTE.id, 11)).toMatchObject({ position: 8 });
    } finally {
      statements.mockRestore();
    }
  });

  describe('a refused save on a title the community has never seen changes nothing (issue #12)', () => {
    const copiesOf = async (id: number) => (await stack.db.query('SELECT count(*)::int AS n FROM community.anime_refs WHERE id = $1', [id]))[0].n as number;

    it('an episode past the total → 400 on episode, no copy of the title, no row anywhere', async () => {
      const user = await stack.user();
      const [title] = await unseenTitles(stack, 1);
      const before = await settledState(stack);
      expectFieldError(await save(user, { animeId: title.id, episode: title.episodes + 1, position: 10 }), 'episode');
      expectFieldError(await save(user, { animeId: 999_999_999, episode: 1, position: 10 }), 'animeId');
      expect(await communityState(stack)).toEqual(before);
      expect(await copiesOf(title.id)).toBe(0);
      // Reading or deleting a position of the title stores nothing either.
      expect(await read(user, title.id, 1)).toBeNull();
      expect((await stack.api.delete(`/api/progress?animeId=${title.id}&episode=1`, auth(user))).body.data).toEqual({ deleted: false });
      expect((await stack.api.delete(`/api/progress?animeId=${title.id}`, auth(user))).body.data).toEqual({ deleted: false });
      expect(await communityState(stack)).toEqual(before);
    });

    it('in one group commit, the refused save leaves nothing and the accepted ones store their new title with them', async () => {
      const [refusedUser, ...viewers] = await Promise.all(Array.from({ length: 4 }, () => stack.user()));
      const [refusedTitle, acceptedTitle] = await unseenTitles(stack, 2);
      const before = await settledState(stack);
      const statements = jest.spyOn(ProgressRepository.prototype, 'write');
      try {
        const [refused, ...accepted] = await Promise.all([
          save(refusedUser, { animeId: refusedTitle.id, episode: refusedTitle.episodes + 1, position: 1 }),
          ...viewers.map((viewer, index) => save(viewer, { animeId: acceptedTitle.id, episode: index + 1, position: 30 + index })),
        ]);
        expectFieldError(refused, 'episode');
        expect(accepted.map((res) => res.status)).toEqual([200, 200, 200]);
        // The new title went in with the saves: no statement of its own.
        expect(statements.mock.calls.length).toBeLessThanOrEqual(accepted.length);
      } finally {
        statements.mockRestore();
      }
      expect(await copiesOf(refusedTitle.id)).toBe(0);
      expect(await copiesOf(acceptedTitle.id)).toBe(1);
      const after = await communityState(stack);
      expect(after.anime_refs.rows).toBe(before.anime_refs.rows + 1);
      expect(after.progress.rows).toBe(before.progress.rows + 3);
      // The rankings' «most watched this week» counts the accepted viewers, by the same statement.
      expect(after.title_viewers.rows).toBe(before.title_viewers.rows + 3);
      // And each accepted viewer's first report of the episode (watched episodes, docs/rewards.md).
      expect(after.progress_watches.rows).toBe(before.progress_watches.rows + 3);
      const changed = new Set(['anime_refs', 'progress', 'title_viewers', 'progress_watches']);
      for (const [name, table] of Object.entries(after)) if (!changed.has(name)) expect([name, table]).toEqual([name, before[name]]);
      const [{ n }] = await stack.db.query('SELECT count(*)::int AS n FROM community.progress WHERE user_id = $1', [refusedUser.id]);
      expect(n).toBe(0);
      // The title is held now: the next save of it is a plain batch statement.
      expect((await save(viewers[0], { animeId: acceptedTitle.id, episode: 1, position: 99 })).body.data).toMatchObject({ position: 99 });
      expect(await read(viewers[0], acceptedTitle.id, 1)).toMatchObject({ position: 99 });
    });
  });

  it('an acknowledged position survives a restart of the service', async () => {
    const user = await stack.user();
    const acks = await Promise.all(
      Array.from({ length: 50 }, (_, episode) => save(user, { animeId: NARUTO.id, episode: episode + 1, position: episode + 0.5 })),
    );
    expect(acks.every((res) => res.status === 200)).toBe(true);
    await stack.restartCommunity();
    const [{ count }] = await stack.db.query('SELECT count(*)::int AS count FROM community.progress WHERE user_id = $1', [user.id]);
    expect(count).toBe(50);
    expect(await read(user, NARUTO.id, 50)).toMatchObject({ position: 49.5 });
  });
});

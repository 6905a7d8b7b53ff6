import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, DEATH_NOTE, NARUTO, startCommunityStack } from '../community/community-test-kit';
import { type RunningApp, startRewardsService } from '../support/test-apps';

/**
 * Watched episodes from the player's progress (docs/rewards.md, «Points and ranks»): the community
 * announces community.episode.watched once the position reached 80 % of the duration no faster than
 * the wall clock since the first report allows; the rewards service credits it once.
 */
describe('watched episodes from the player’s progress', () => {
  let stack: CommunityStack;
  let rewards: RunningApp;
  let mediaDir: string;
  const DURATION = 1420;
  /** `duration` null: the report carries none. */
  const save = (user: RegisteredUser, animeId: number, episode: number, position: number, duration: number | null = DURATION) =>
    stack.api.post('/api/progress', { animeId, episode, position, ...(duration === null ? {} : { duration }) }, { token: user.token });
  const announced = async (userId: string) =>
    (
      await stack.db.query<{ payload: { animeId: number; episode: number } }>(
        `SELECT payload FROM community.outbox WHERE event_name = 'community.episode.watched' AND payload->>'userId' = $1 ORDER BY occurred_at`,
        [userId],
      )
    ).map((row) => ({ animeId: row.payload.animeId, episode: row.payload.episode }));
  /** As if the user's first report in the episode came `minutes` ago. */
  const firstReportedAgo = (userId: string, episode: number, minutes: number) =>
    stack.db.query(`UPDATE community.progress_watches SET first_at = now() - make_interval(mins => $3) WHERE user_id = $1 AND episode = $2`, [
      userId,
      episode,
      minutes,
    ]);
  const episodePoints = async (userId: string) =>
    Number(
      (
        await stack.db.query(`SELECT coalesce(sum(amount), 0)::int AS n FROM rewards.point_entries WHERE user_id = $1 AND kind = 'episode.watched'`, [userId])
      )[0].n,
    );

  beforeAll(async () => {
    stack = await startCommunityStack('watched');
    mediaDir = await mkdtemp(join(tmpdir(), 'portal-watched-'));
    rewards = await startRewardsService({ ...stack.env, MEDIA_DIR: mediaDir, CARD_VIDEOS: 'false' });
  }, 120_000);

  afterAll(async () => {
    await rewards?.close();
    await stack?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('does not count 95 % reported right after the first report, counts it once the wall clock allows, and only once', async () => {
    const viewer = await stack.user();
    expect((await save(viewer, DEATH_NOTE.id, 1, 10)).status).toBe(200);
    expect((await save(viewer, DEATH_NOTE.id, 1, 0.95 * DURATION)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([]);

    await firstReportedAgo(viewer.id, 1, 30);
    expect((await save(viewer, DEATH_NOTE.id, 1, 0.95 * DURATION)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([{ animeId: DEATH_NOTE.id, episode: 1 }]);
    await waitFor(async () => ((await episodePoints(viewer.id)) === 5 ? true : null), 15_000, 50);

    // Watching the end again, or deleting the position and reporting again, announces nothing more.
    expect((await save(viewer, DEATH_NOTE.id, 1, DURATION)).status).toBe(200);
    expect((await stack.api.delete(`/api/progress?animeId=${DEATH_NOTE.id}&episode=1`, { token: viewer.token })).status).toBe(200);
    expect((await save(viewer, DEATH_NOTE.id, 1, 0.9 * DURATION)).status).toBe(200);
    expect(await announced(viewer.id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await episodePoints(viewer.id)).toBe(5);
  }, 60_000);

  it('counts nothing below 80 %, without a known duration, or from a first report already at the end', async () => {
    const viewer = await stack.user();
    expect((await save(viewer, NARUTO.id, 1, 0.95 * DURATION)).status).toBe(200);
    expect((await save(viewer, NARUTO.id, 2, 10)).status).toBe(200);
    expect((await save(viewer, NARUTO.id, 3, 10, null)).status).toBe(200);
    await firstReportedAgo(viewer.id, 2, 30);
    await firstReportedAgo(viewer.id, 3, 30);
    expect((await save(viewer, NARUTO.id, 2, 0.79 * DURATION)).status).toBe(200);
    expect((await save(viewer, NARUTO.id, 3, 1300, null)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([]);
    // A 60-s episode: the slack is a tenth of it plus the first report's 15 s, so 50 s reported at once is too fast; 45 s later it is not.
    expect((await save(viewer, NARUTO.id, 4, 0, 60)).status).toBe(200);
    expect((await save(viewer, NARUTO.id, 4, 50, 60)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([]);
    await stack.db.query(`UPDATE community.progress_watches SET first_at = now() - interval '45 seconds' WHERE user_id = $1 AND episode = 4`, [viewer.id]);
    expect((await save(viewer, NARUTO.id, 4, 50, 60)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([{ animeId: NARUTO.id, episode: 4 }]);
    // Played straight through: the player's first report comes at 10 s of position, 80 % of 60 s some 38 s later.
    expect((await save(viewer, NARUTO.id, 5, 10, 60)).status).toBe(200);
    await stack.db.query(`UPDATE community.progress_watches SET first_at = now() - interval '38 seconds' WHERE user_id = $1 AND episode = 5`, [viewer.id]);
    expect((await save(viewer, NARUTO.id, 5, 48, 60)).status).toBe(200);
    // The next plausible report of episode 2 past 80 % counts.
    expect((await save(viewer, NARUTO.id, 2, 0.81 * DURATION)).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([
      { animeId: NARUTO.id, episode: 4 },
      { animeId: NARUTO.id, episode: 5 },
      { animeId: NARUTO.id, episode: 2 },
    ]);
  });

  it('never counts episodes from a list status the client sets', async () => {
    const viewer = await stack.user();
    expect((await stack.api.put('/api/users/anime/status', { animeId: DEATH_NOTE.id, status: 'completed' }, { token: viewer.token })).status).toBe(200);
    expect(await announced(viewer.id)).toEqual([]);
    await waitFor(
      async () =>
        (await stack.db.query(`SELECT 1 FROM rewards.point_entries WHERE user_id = $1 AND kind = 'title.completed'`, [viewer.id])).length > 0 ? true : null,
      15_000,
      50,
    );
    expect(await episodePoints(viewer.id)).toBe(0);
  });
});

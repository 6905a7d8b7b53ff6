import { randomUUID } from 'node:crypto';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { callApplied } from '@portal/db';
import { transportCall } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import { AnimeAdminService } from '../../apps/catalogue/src/anime/services/anime-admin.service';
import { AnimeRefsService } from '../../apps/community/src/anime-refs/anime-refs.service';
import { ProgressRepository } from '../../apps/community/src/progress/progress.repository';
import { ProgressWriter } from '../../apps/community/src/progress/services/progress-writer';
import { ownRedisPrefix } from '../auth/auth-test-kit';
import { startCatalogueService } from '../catalogue/catalogue-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import type { Env, RunningApp } from '../support/test-apps';
import { NARUTO, startCommunityService } from './community-test-kit';

/** Issue #15: what the community keeps per process, with two replicas of it on one database and Redis. */
describe('two community replicas', () => {
  let db: ScratchDatabase;
  let catalogue: RunningApp;
  let replicas: RunningApp[];
  const env: Env = ownRedisPrefix('commtwo');

  beforeAll(async () => {
    db = await createScratchDatabase();
    env.DATABASE_URL = db.url;
    catalogue = await startCatalogueService(env);
    replicas = [await startCommunityService(env), await startCommunityService(env)];
  });
  afterAll(async () => {
    for (const app of [...(replicas ?? []), catalogue]) await app?.close();
    await db.drop();
  });

  it('forgets a title the catalogue changed on every replica, not only on the one its event reached', async () => {
    const refs = replicas.map((replica) => replica.app.get(AnimeRefsService));
    await refs[0].require(NARUTO.id, 'animeId'); // stored in the community's table
    // Both replicas now remember the title: their lookups no longer reach the table.
    for (const replicaRefs of refs) expect(await replicaRefs.lookup(NARUTO.id, 'animeId')).toMatchObject({ episodes: NARUTO.episodes });

    // The event goes to one replica's worker (a queue job has one taker).
    await catalogue.app.get(AnimeAdminService).update(randomUUID(), NARUTO.id, { episodes: NARUTO.episodes + 10 });
    await waitFor(async () => {
      const seen = await Promise.all(refs.map((replicaRefs) => replicaRefs.lookup(NARUTO.id, 'animeId')));
      return seen.every((ref) => ref.episodes === NARUTO.episodes + 10);
    }, 15_000);
    expect(await db.query('SELECT episodes FROM community.anime_refs WHERE id = $1', [NARUTO.id])).toEqual([{ episodes: NARUTO.episodes + 10 }]);
  });

  describe('watch progress batches', () => {
    const logger = { error: jest.fn() } as unknown as Logger;
    let writers: ProgressWriter[];
    let blockers: Client[];

    beforeAll(async () => {
      await replicas[0].app.get(AnimeRefsService).require(NARUTO.id, 'animeId');
      // Each replica's writer on its own pool, with batches of two saves (no waiting window).
      writers = replicas.map((replica) => new ProgressWriter(replica.app.get(ProgressRepository), { windowMs: 60_000, maxRows: 2 }, logger));
    });
    beforeEach(async () => {
      blockers = [new Client({ connectionString: db.url }), new Client({ connectionString: db.url })];
      await Promise.all(blockers.map((blocker) => blocker.connect()));
    });
    afterEach(async () => {
      await Promise.all(blockers.map((blocker) => blocker.end()));
    });

    const key = (userId: string, episode: number) => ({ userId, animeId: NARUTO.id, episode });
    const save = (writer: ProgressWriter, userId: string, episode: number, position: number) =>
      writer.save({ ...key(userId, episode), position, duration: 1400 });
    const waitingStatements = () =>
      db.query<{ blockedBy: number[] }>(
        `SELECT pg_blocking_pids(pid) AS "blockedBy" FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%community.progress%'`,
      );

    /**
     * Makes two statements over episodes 1 and 2 of a user interleave as badly as they can: each row is
     * held by a transaction of its own; episode 2's is let go first, and once whatever waited for it
     * has moved on to wait again, episode 1's. A statement taking episode 2 first then holds it while
     * it waits for episode 1, which a statement taking episode 1 first gets next.
     */
    async function raceOnRows(userId: string, statements: () => Promise<unknown>[]): Promise<unknown[]> {
      const [episodeOne, episodeTwo] = blockers;
      for (const [episode, blocker] of [
        [1, episodeOne],
        [2, episodeTwo],
      ] as const) {
        await blocker.query('BEGIN');
        await blocker.query('SELECT 1 FROM community.progress WHERE user_id = $1 AND episode = $2 FOR UPDATE', [userId, episode]);
      }
      const [{ pid: episodeTwoPid }] = (await episodeTwo.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      const running = Promise.all(statements());
      await waitFor(async () => (await waitingStatements()).length === 2);
      await episodeTwo.query('COMMIT');
      await waitFor(async () => {
        const waiting = await waitingStatements();
        return waiting.length === 2 && waiting.every((statement) => !statement.blockedBy.includes(episodeTwoPid));
      });
      await episodeOne.query('COMMIT');
      return running;
    }

    it('commits both when their batches save the same rows in opposite orders (no deadlock victim)', async () => {
      const userId = randomUUID();
      await Promise.all([save(writers[0], userId, 1, 10), save(writers[0], userId, 2, 10)]);
      await raceOnRows(userId, () => [
        save(writers[0], userId, 2, 20),
        save(writers[0], userId, 1, 20),
        save(writers[1], userId, 1, 30),
        save(writers[1], userId, 2, 30),
      ]);
      const rows = await db.query('SELECT position FROM community.progress WHERE user_id = $1 ORDER BY episode', [userId]);
      // One batch committed after the other: both rows carry the positions of the same replica.
      expect([
        [{ position: 20 }, { position: 20 }],
        [{ position: 30 }, { position: 30 }],
      ]).toContainEqual(rows);
    });

    it('records the write requests a batch serves in the statement that commits it, so no replica runs them again', async () => {
      const dataSource = replicas[0].app.get<DataSource>(getDataSourceToken(), { strict: false });
      // A forget is a batch of its own: this writer runs it without waiting for company.
      const writer = new ProgressWriter(replicas[0].app.get(ProgressRepository), { windowMs: 0, maxRows: 100 }, logger);
      const userId = randomUUID();
      const [first, second, forget, read] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await Promise.all([
        transportCall.run({ id: first, kind: 'write', run: randomUUID() }, () => save(writers[0], userId, 1, 10)),
        transportCall.run({ id: second, kind: 'write', run: randomUUID() }, () => save(writers[0], userId, 2, 10)),
      ]);
      expect(await callApplied(dataSource, 'community', first)).toBe(true);
      expect(await callApplied(dataSource, 'community', second)).toBe(true);

      await transportCall.run({ id: forget, kind: 'write', run: randomUUID() }, () => writer.forget({ userId, animeId: NARUTO.id }));
      expect(await callApplied(dataSource, 'community', forget)).toBe(true);

      await Promise.all([
        transportCall.run({ id: read, kind: 'read', run: randomUUID() }, () => save(writers[0], userId, 1, 40)),
        save(writers[0], userId, 2, 40),
      ]);
      expect(await callApplied(dataSource, 'community', read)).toBe(false);
    });
  });
});

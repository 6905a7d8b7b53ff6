import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { ErrorCode, QueueName } from '@portal/contracts';
import { bullPrefix, createRedisClient } from '@portal/messaging';
import { type ApiClient, waitFor } from '@portal/testing';
import { MetadataSyncService } from '../../apps/catalogue/src/metadata/services/metadata-sync.service';
import { RedisSlidingRateLimiter } from '../../apps/catalogue/src/metadata/shikimori/shikimori-rate-limiter';
import { ownRedisPrefix, type RegisteredUser } from '../auth/auth-test-kit';
import { type FakeShikimori, maxInWindow, startFakeShikimori } from '../support/fake-shikimori';
import type { RunningApp } from '../support/test-apps';
import { type CatalogueStack, createScratchDatabase, type ScratchDatabase, startCatalogueService, startCatalogueStack } from './catalogue-test-kit';

const USER_AGENT = 'AnimePortalTest/1.0 (+https://portal.example.test)';

/** The `catalogue-metadata` queue of a stack, read the way BullMQ stores it. */
function openQueue(keyPrefix: string): { queue: Queue; close: () => Promise<void> } {
  const connection: Redis = createRedisClient(process.env.REDIS_URL as string);
  const queue = new Queue(QueueName.CatalogueMetadata, { connection, prefix: bullPrefix(keyPrefix) });
  return {
    queue,
    close: async () => {
      await queue.close();
      await connection.quit();
    },
  };
}

describe('metadata sync from Shikimori (fake Shikimori; real PostgreSQL, Redis, BullMQ)', () => {
  let fake: FakeShikimori;
  let stack: CatalogueStack;
  let api: ApiClient;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  let jobs: ReturnType<typeof openQueue>;

  beforeAll(async () => {
    fake = await startFakeShikimori();
    stack = await startCatalogueStack('meta', { env: { SHIKIMORI_URL: fake.url, SHIKIMORI_USER_AGENT: USER_AGENT, METADATA_JOB_ATTEMPTS: '4' } });
    api = stack.api;
    [admin, user] = await Promise.all([stack.admin(), stack.user()]);
    jobs = openQueue(stack.env.REDIS_KEY_PREFIX as string);
  });
  afterAll(async () => {
    await jobs?.close();
    await stack?.close();
    await fake?.close();
  });

  const asAdmin = () => ({ token: admin.token });
  const finished = (jobId: string, timeoutMs = 15_000) =>
    waitFor(
      async () => {
        // State first, then the job: a job read before it finished would carry no return value.
        const state = await jobs.queue.getJobState(jobId);
        if (state !== 'completed' && state !== 'failed') return undefined;
        const job = await jobs.queue.getJob(jobId);
        return job ? { job, state } : undefined;
      },
      timeoutMs,
      50,
    );
  const expectValidation = (res: { status: number; body: any }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
    expect(res.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(res.body.message).toMatch(/[а-яё]/i);
  };

  it('fills the Russian title, plain description, genres, cast with voices, similar titles and videos; GET /api/anime/20 shows them at once', async () => {
    const before = await api.get('/api/anime/20'); // cached by the gateway from here on
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ description: null, metadataSyncedAt: null });
    const posterBefore = before.body.data.imageUrl;

    const queued = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [20] }, asAdmin());
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({ success: true, data: { queued: 1 } });
    const { job, state } = await finished('sync-20');
    expect(state).toBe('completed');
    expect(job.returnvalue).toMatchObject({ result: 'synced', animeIds: [20], characters: 5, similar: 2, videos: 2 });

    const after = (await api.get('/api/anime/20')).body.data;
    expect(after).toMatchObject({
      id: 20,
      title: 'Наруто',
      titleRu: 'Наруто',
      kind: 'tv',
      status: 'completed',
      episodes: 220,
      score: 8,
      durationMinutes: 23,
      startDate: '2002-10-03',
      endDate: '2007-02-08',
      // The title had a poster: Shikimori's fills only an empty one.
      imageUrl: posterBefore,
    });
    expect(after.description).toBe(
      'За двенадцать лет до начала событий Девятихвостый Лис напал на Деревню Скрытого Листа. Четвёртый Хокаге ценой жизни запечатал демона в новорождённом Наруто Удзумаки.\n\n' +
        'Теперь Наруто — шумный сирота, который мечтает стать Хокаге, а его товарищами по команде становятся Саскэ и Сакура.',
    );
    expect(after.genres).toEqual(['action', 'adventure', 'martial-arts', 'shounen']);
    expect(after.metadataSyncedAt).not.toBeNull();
    // 99998 is not in this catalogue; One Piece (21) and Shippuuden (1735) are, as our ids.
    expect(after.shikimori_similar.map((anime: { id: number }) => anime.id)).toEqual([1735, 21]);
    expect(after.shikimori_videos).toEqual([
      { name: 'Opening 1 «R★O★C★K★S»', kind: 'op', url: 'https://youtu.be/-G9BqkgZXRA', playerUrl: 'https://youtube.com/embed/-G9BqkgZXRA' },
      { name: 'PV', kind: 'pv', url: 'https://youtu.be/SRn99oN1p_c', playerUrl: 'https://youtube.com/embed/SRn99oN1p_c' },
    ]);
    // Main characters first; the order within a role is the catalogue's (by id).
    expect(after.characters.map((entry: any) => entry.role)).toEqual(['main', 'main', 'main', 'supporting', 'supporting']);
    const cast = after.characters.map((entry: any) => [entry.character.nameRu, entry.role, entry.seiyuu.map((person: any) => person.nameRu).sort()]);
    expect(cast.sort()).toEqual([
      ['Ирука Умино', 'supporting', []],
      ['Какаси Хатакэ', 'supporting', []],
      ['Наруто Удзумаки', 'main', ['Дзюнко Такэути', 'Майл Фланаган']],
      ['Сакура Харуно', 'main', ['Тиэ Накамура']],
      ['Саскэ Утиха', 'main', ['Нориаки Сугияма']],
    ]);
    const naruto = after.characters.find((entry: any) => entry.character.nameRu === 'Наруто Удзумаки');
    expect(naruto.character).toMatchObject({ name: 'Naruto Uzumaki', image: `${fake.url}/system/characters/original/17.jpg?1700000000` });
    const [keys] = await stack.db.query(`SELECT source_key FROM catalogue.characters WHERE id = $1`, [naruto.character.id]);
    expect(keys.source_key).toBe('shiki:17');

    // Written columns are the sync's now: the next dataset import leaves them alone.
    const [row] = await stack.db.query(`SELECT locked_fields FROM catalogue.anime WHERE id = 20`);
    expect(row.locked_fields).toEqual(expect.arrayContaining(['title', 'title_ru', 'description', 'genres', 'score', 'status', 'similar_ids', 'videos']));
    expect(row.locked_fields).not.toContain('poster');

    // Title, roles, similar, videos, and one voice lookup per main character; each naming the portal.
    const paths = fake.requestsTo(/^\/api\/(animes\/20|characters\/)/).map((request) => request.path);
    expect(paths).toEqual([
      '/api/animes/20',
      '/api/animes/20/roles',
      '/api/animes/20/similar',
      '/api/animes/20/videos',
      '/api/characters/17',
      '/api/characters/13',
      '/api/characters/145',
    ]);
    expect(new Set(fake.requests.map((request) => request.userAgent))).toEqual(new Set([USER_AGENT]));
  });

  it('makes one job of the same title asked for twice while it is pending, and a new one once it has finished', async () => {
    fake.slow('/api/animes/20', 1000);
    const mark = fake.requestsTo('/api/animes/20').length;
    const first = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [20, 20] }, asAdmin());
    expect(first.body.data).toEqual({ queued: 1 });
    const second = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [20] }, asAdmin());
    expect(second.body.data).toEqual({ queued: 0 });
    expect((await finished('sync-20')).state).toBe('completed');
    expect(fake.requestsTo('/api/animes/20').length - mark).toBe(1);

    const again = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [20] }, asAdmin());
    expect(again.body.data).toEqual({ queued: 1 });
    expect((await finished('sync-20')).state).toBe('completed');
    expect(fake.requestsTo('/api/animes/20').length - mark).toBe(2);
  });

  it('retries a title after a 500 with exponential backoff until it succeeds', async () => {
    fake.fail({ path: '/api/animes/1735', status: 500, times: 2 });
    const res = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [1735] }, asAdmin());
    expect(res.body.data).toEqual({ queued: 1 });
    const { job, state } = await finished('sync-1735', 20_000);
    expect(state).toBe('completed');
    // Two failed attempts recorded on the job (an attempt put back while waiting for a rate-limit slot is not one).
    expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
    const times = fake.requestsTo('/api/animes/1735').map((request) => request.at);
    expect(times).toHaveLength(3);
    // Backoff of 1 s, then 2 s.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1900);
    const [row] = await stack.db.query(`SELECT title_ru, description FROM catalogue.anime WHERE id = 1735`);
    expect(row).toEqual({
      title_ru: 'Наруто: Ураганные хроники',
      description:
        'Прошло два с половиной года. Наруто возвращается в Коноху после тренировок с Джирайей, а Акацуки начинают охоту на носителей хвостатых зверей.',
    });
  });

  it('completes a title Shikimori does not have (404) at once, without retrying, and reports it', async () => {
    const res = await api.post('/api/admin/catalogue/sync', { shikimoriIds: [1535] }, asAdmin());
    expect(res.body.data).toEqual({ queued: 1 });
    const { job, state } = await finished('sync-1535');
    expect(state).toBe('completed');
    expect(job.returnvalue).toEqual({ result: 'not_found' });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a retry would have come by now
    expect(fake.requestsTo(/^\/api\/animes\/1535/)).toHaveLength(1);
    const [row] = await stack.db.query(`SELECT metadata_synced_at FROM catalogue.anime WHERE id = 1535`);
    expect(row.metadata_synced_at).toBeNull();

    const progress = await api.get('/api/admin/catalogue/sync', asAdmin());
    expect(progress.body.data.recentFailures).toContainEqual({ jobId: 'sync-1535', shikimoriId: 1535, reason: 'Нет на Shikimori (404)', attempts: 1 });
  });

  it('reports progress: queue counts, synced titles among those with a Shikimori id', async () => {
    const res = await api.get('/api/admin/catalogue/sync', asAdmin());
    expect(res.status).toBe(200);
    const [counts] = await stack.db.query(
      `SELECT count(*) FILTER (WHERE metadata_synced_at IS NOT NULL)::int AS synced, count(*)::int AS total FROM catalogue.anime WHERE id_shiki IS NOT NULL`,
    );
    expect(counts.synced).toBe(2);
    expect(res.body.data).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 0,
      failed: 0,
      // sync-20 (its second run replaced the first), sync-1735, sync-1535.
      completed: 3,
      syncedTitles: 2,
      titlesWithShikimoriId: counts.total,
    });
    expect(counts.total).toBeGreaterThan(100);
  });

  it('parser: stores the Kodik id and queues that title’s sync; an unknown Shikimori id is a 404', async () => {
    const res = await api.post('/api/parser/parse', { shikimoriId: 1735, kodikId: 'serial-2406' }, asAdmin());
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ jobId: 'sync-1735' });
    const [row] = await stack.db.query(`SELECT kodik_id FROM catalogue.anime WHERE id = 1735`);
    expect(row.kodik_id).toBe('serial-2406');
    expect((await finished('sync-1735')).state).toBe('completed');

    const unknown = await api.post('/api/parser/parse', { shikimoriId: 424242 }, asAdmin());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: ErrorCode.NotFound, message: 'В каталоге нет аниме с таким Shikimori id' });
  });

  it('update-posters queues a sync of every title with a Shikimori id and no poster; Shikimori’s poster fills it', async () => {
    await stack.db.query(`UPDATE catalogue.anime SET poster = NULL WHERE id = 1735`);
    const [{ expected }] = await stack.db.query(
      `SELECT count(DISTINCT id_shiki)::int AS expected FROM catalogue.anime WHERE id_shiki IS NOT NULL AND poster IS NULL`,
    );
    const res = await api.post('/api/anime/update-posters', undefined, asAdmin());
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ queued: expected });
    expect((await finished('sync-1735')).state).toBe('completed');
    const details = (await api.get('/api/anime/1735')).body.data;
    expect(details.imageUrl).toBe(`${fake.url}/system/animes/original/1735.jpg?1700000000`);
    expect(details.poster).toMatch(/^\/api\/anime\/1735\/poster\?v=\d+$/);
  });

  it('image search answers Shikimori’s screenshots as absolute URLs, waiting out a 429 and its Retry-After', async () => {
    // Image search waits at most 2.5 s for a request slot (then answers 429): start with room in the
    // 90-a-minute budget that the syncs above have been spending, however slow this machine is.
    // and with no sync job left to compete for the slots once the 429's pause ends.
    const idle = async () => Object.values(await jobs.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed')).every((count) => count === 0);
    await waitFor(async () => (await idle()) && fake.requests.filter((request) => request.at > Date.now() - 60_000).length <= 80, 65_000, 250);
    fake.fail({ path: '/api/animes/20/screenshots', status: 429, times: 1, retryAfterSeconds: 1 });
    const res = await api.get('/api/images/search/20', asAdmin());
    expect(res.status).toBe(200);
    expect(res.body.data.images).toEqual([
      {
        original: `${fake.url}/system/screenshots/original/4a0c5c9a3e0dbe5e4d1c7f6e2b8a1d3c.jpg?1433530432`,
        preview: `${fake.url}/system/screenshots/x332/4a0c5c9a3e0dbe5e4d1c7f6e2b8a1d3c.jpg?1433530432`,
      },
      {
        original: `${fake.url}/system/screenshots/original/b3f1d2e4c5a6978877665544332211aa.jpg?1433530432`,
        preview: `${fake.url}/system/screenshots/x332/b3f1d2e4c5a6978877665544332211aa.jpg?1433530432`,
      },
    ]);
    const times = fake.requestsTo('/api/animes/20/screenshots').map((request) => request.at);
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
    expect((await api.get('/api/images/search/999999999', asAdmin())).status).toBe(404);
  }, 90_000);

  it('set-background queues a job that sets the title’s background', async () => {
    const backgroundUrl = `${fake.url}/system/screenshots/original/4a0c5c9a3e0dbe5e4d1c7f6e2b8a1d3c.jpg?1433530432`;
    const res = await api.post('/api/images/set-background/20', { backgroundUrl }, asAdmin());
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ jobId: 'background-20' });
    const { job, state } = await finished('background-20');
    expect(state).toBe('completed');
    expect(job.returnvalue).toEqual({ result: 'updated', animeId: 20 });
    expect((await api.get('/api/anime/20')).body.data.background).toBe(backgroundUrl);
    expect((await api.post('/api/images/set-background/999999999', { backgroundUrl }, asAdmin())).status).toBe(404);
  });

  it('is for admins only: a guest gets 401 and a signed-in user 403 on every route', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/catalogue/sync'],
      ['POST', '/api/admin/catalogue/sync', { shikimoriIds: [20] }],
      ['POST', '/api/anime/update-posters'],
      ['POST', '/api/parser/parse', { shikimoriId: 20 }],
      ['GET', '/api/images/search/20'],
      ['POST', '/api/images/set-background/20', { backgroundUrl: 'https://example.com/a.jpg' }],
    ];
    for (const [method, path, body] of calls) {
      const call = (token?: string) => (method === 'GET' ? api.get(path, { token }) : api.post(path, body, { token }));
      const guest = await call();
      expect([path, guest.status, guest.body.code]).toEqual([path, 401, ErrorCode.Unauthorized]);
      const normal = await call(user.token);
      expect([path, normal.status, normal.body.code]).toEqual([path, 403, ErrorCode.Forbidden]);
    }
  });

  it('answers 400 naming the field for ids that are not numbers, an empty request, a bad Kodik id and a background that is not http(s)', async () => {
    expectValidation(await api.post('/api/admin/catalogue/sync', { shikimoriIds: ['abc'] }, asAdmin()), 'shikimoriIds.0');
    expectValidation(await api.post('/api/admin/catalogue/sync', { shikimoriIds: '20' }, asAdmin()), 'shikimoriIds');
    expectValidation(await api.post('/api/admin/catalogue/sync', {}, asAdmin()), 'shikimoriIds');
    expectValidation(await api.post('/api/parser/parse', { shikimoriId: 'abc' }, asAdmin()), 'shikimoriId');
    expectValidation(await api.post('/api/parser/parse', { shikimoriId: 20, kodikId: '<script>' }, asAdmin()), 'kodikId');
    expectValidation(await api.get('/api/images/search/abc', asAdmin()), 'id');
    for (const backgroundUrl of ['ftp://example.com/a.jpg', 'javascript:alert(1)', '', undefined]) {
      const res = await api.post('/api/images/set-background/20', { backgroundUrl }, asAdmin());
      expectValidation(res, 'backgroundUrl');
      expect(res.body.message).toBe('Ссылка на фон должна начинаться с https:// или http://');
    }
  });

  it('never went above 5 requests in any second nor 90 in any minute, and always named the portal', () => {
    expect(fake.requests.length).toBeGreaterThan(20);
    expect(maxInWindow(fake.requests, 1000)).toBeLessThanOrEqual(5);
    expect(maxInWindow(fake.requests, 60_000)).toBeLessThanOrEqual(90);
    expect(fake.requests.every((request) => request.userAgent === USER_AGENT)).toBe(true);
  });
});

describe('the Shikimori request budget is shared by every process', () => {
  it('lets no more than the limits through in any sliding window, and the waiting requests through once there is room', async () => {
    const prefix = `${ownRedisPrefix('limiter').REDIS_KEY_PREFIX}shikimori`;
    const connections = [0, 1, 2].map(() => createRedisClient(process.env.REDIS_URL as string));
    // Three "processes", each with its own connection; short windows keep the test quick.
    const limiters = connections.map((redis) => new RedisSlidingRateLimiter(redis, prefix, { perSecond: 2, perMinute: 5, secondMs: 300, minuteMs: 1500 }));
    const grants: number[] = [];
    const started = Date.now();
    try {
      await Promise.all(
        limiters.map(async (limiter) => {
          for (let i = 0; i < 4; i++) {
            await limiter.acquire();
            grants.push(Date.now());
          }
        }),
      );
    } finally {
      await Promise.all(connections.map((redis) => redis.quit()));
    }
    const requests = grants.map((at) => ({ method: 'GET', path: '/', userAgent: undefined, at }));
    expect(grants).toHaveLength(12);
    expect(maxInWindow(requests, 290)).toBeLessThanOrEqual(2);
    expect(maxInWindow(requests, 1490)).toBeLessThanOrEqual(5);
    // 12 requests at 5 per 1.5 s: the last two windows had to be waited for.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  describe('two catalogue processes with SHIKIMORI_RPS=2 and SHIKIMORI_RPM=5 syncing the whole catalogue', () => {
    let fake: FakeShikimori;
    let db: ScratchDatabase;
    const services: RunningApp[] = [];
    const env = { ...ownRedisPrefix('metarl'), SHIKIMORI_RPS: '2', SHIKIMORI_RPM: '5' };

    beforeAll(async () => {
      fake = await startFakeShikimori();
      db = await createScratchDatabase();
      Object.assign(env, { DATABASE_URL: db.url, SHIKIMORI_URL: fake.url });
      services.push(await startCatalogueService(env));
      services.push(await startCatalogueService(env));
    });
    afterAll(async () => {
      for (const service of services) await service.close().catch(() => undefined);
      await fake?.close();
      await db?.drop();
    });

    it('queues every title with a Shikimori id, sends 5 requests in the first minute, at most 2 a second, and stops promptly', async () => {
      const { queued } = await services[0].app.get(MetadataSyncService).sync({ all: true });
      const [{ titles }] = await db.query(`SELECT count(DISTINCT id_shiki)::int AS titles FROM catalogue.anime WHERE id_shiki IS NOT NULL`);
      expect(queued).toBe(titles);

      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(fake.requests).toHaveLength(5);
      expect(maxInWindow(fake.requests, 1000)).toBeLessThanOrEqual(2);
      const progress = await services[1].app.get(MetadataSyncService).progress();
      expect(progress.failed).toBe(0);
      expect(progress.waiting + progress.active + progress.delayed).toBeGreaterThan(0);

      // Jobs waiting for a slot give up their wait and go back to the queue: shutdown does not wait a minute.
      const closing = Date.now();
      while (services.length > 0) await services.pop()!.close();
      expect(Date.now() - closing).toBeLessThan(10_000);
      const jobs = openQueue(env.REDIS_KEY_PREFIX);
      try {
        const counts = await jobs.queue.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed');
        expect(counts).toMatchObject({ active: 0, failed: 0 });
        expect(counts.completed).toBeLessThanOrEqual(5);
        expect(counts.waiting + counts.delayed + counts.completed).toBe(titles);
      } finally {
        await jobs.close();
      }
    });
  });
});

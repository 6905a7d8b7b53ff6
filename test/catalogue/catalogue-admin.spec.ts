import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { CATALOGUE_CACHE, ErrorCode } from '@portal/contracts';
import { apiClient, waitFor, type ApiClient } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { RELAXED_GATEWAY_LIMITS } from '../auth/auth-test-kit';
import { type RunningApp, startGateway } from '../support/test-apps';
import { type CatalogueStack, startCatalogueStack } from './catalogue-test-kit';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function coverForm(fields: Record<string, string>, cover?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (cover) form.append('cover', new Blob([cover.bytes], { type: cover.type }), cover.name);
  return form;
}

describe('catalogue admin: edits seen everywhere at once, collections with covers', () => {
  let stack: CatalogueStack;
  let api: ApiClient;
  let admin: RegisteredUser;
  let viewer: RegisteredUser;
  let secondGateway: RunningApp;
  let replica: ApiClient;

  beforeAll(async () => {
    stack = await startCatalogueStack('catadm');
    api = stack.api;
    admin = await stack.admin();
    viewer = await stack.user();
    secondGateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...stack.env });
    replica = apiClient(secondGateway.url);
  });
  afterAll(async () => {
    await secondGateway.close();
    await stack.close();
  });

  const uploads = () => (existsSync(join(stack.uploadsDir, 'collections')) ? readdirSync(join(stack.uploadsDir, 'collections')) : []);

  describe('who may write', () => {
    it('answers a guest 401 and a viewer 403 on every admin write, changing nothing', async () => {
      for (const token of [undefined, viewer.token]) {
        const status = token ? 403 : 401;
        expect((await api.post('/api/anime', { title: 'X' }, { token })).status).toBe(status);
        expect((await api.patch('/api/anime/20', { title: 'X' }, { token })).status).toBe(status);
        expect((await api.delete('/api/anime/20', { token })).status).toBe(status);
        expect((await api.post('/api/anime/save-poster', { animeId: 20, posterUrl: 'https://x.test/p.jpg' }, { token })).status).toBe(status);
        expect((await api.post('/api/collections', coverForm({ title: 'X' }), { token })).status).toBe(status);
      }
      const [naruto] = await stack.db.query('SELECT title FROM catalogue.anime WHERE id = 20');
      expect(naruto.title).toBe('Наруто');
      expect(await stack.db.query('SELECT id FROM catalogue.collections')).toEqual([]);
    });
  });

  describe('editing a title', () => {
    it('shows the edit at once in the details and in cached lists, on this replica and the other', async () => {
      const popularUrl = '/api/anime/popular?limit=50';
      await api.get(popularUrl);
      const cached = await api.get(popularUrl);
      expect(cached.headers.get('x-cache')).toBe('HIT');
      expect((await replica.get(popularUrl)).status).toBe(200);
      expect((await replica.get(popularUrl)).headers.get('x-cache')).toBe('HIT');
      expect((await api.get('/api/anime/20')).headers.get('x-cache')).toBe('MISS');

      const res = await api.patch('/api/anime/20', { title: 'Наруто (ред.)', description: 'Юный ниндзя <b>мечтает</b> стать хокаге.' }, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 20, title: 'Наруто (ред.)', description: 'Юный ниндзя <b>мечтает</b> стать хокаге.' });

      expect((await api.get('/api/anime/20')).body.data.title).toBe('Наруто (ред.)');
      const fresh = await api.get(popularUrl);
      expect(fresh.body.data.find((anime: { id: number }) => anime.id === 20).title).toBe('Наруто (ред.)');
      await waitFor(
        async () => {
          const other = await replica.get(popularUrl);
          return other.body.data.find((anime: { id: number }) => anime.id === 20).title === 'Наруто (ред.)';
        },
        2000,
        20,
      );
      const search = await api.get(`/api/anime/search?title=${encodeURIComponent('наруто ред')}`);
      expect(search.body.data[0].id).toBe(20);
    });

    it('revalidates with ETags: 304 while unchanged, 200 with a new tag after a change', async () => {
      const first = await api.get('/api/anime/top?limit=5');
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toContain('no-cache');
      const again = await api.get('/api/anime/top?limit=5', { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      const [top] = first.body.data;
      await api.patch(`/api/anime/${top.id}`, { score: 9.99 }, { token: admin.token });
      const changed = await api.get('/api/anime/top?limit=5', { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.data[0]).toMatchObject({ id: top.id, score: 9.99 });
    });

    it('records catalogue.anime.updated with the change and drops the cache again when it is delivered', async () => {
      const redis = new Redis(process.env.REDIS_URL as string, { keyPrefix: stack.env.REDIS_KEY_PREFIX });
      try {
        const before = Number(await redis.get(CATALOGUE_CACHE.generationKey));
        await api.patch('/api/anime/21', { episodes: 1000 }, { token: admin.token });
        // Once right after the commit, once more when the outbox event reaches the consumer.
        await waitFor(async () => Number(await redis.get(CATALOGUE_CACHE.generationKey)) >= before + 2);
        const events = await stack.db.query(
          `SELECT payload FROM catalogue.outbox WHERE event_name = 'catalogue.anime.updated' ORDER BY occurred_at DESC LIMIT 1`,
        );
        expect(events[0].payload).toMatchObject({ animeId: 21, change: 'updated' });
      } finally {
        redis.disconnect();
      }
    });

    it('makes a new Russian title the display title, unless the display title was set apart', async () => {
      const changed = await api.patch('/api/anime/1735', { titleRu: 'Наруто: Ураганные хроники (ред.)' }, { token: admin.token });
      expect(changed.body.data).toMatchObject({ title: 'Наруто: Ураганные хроники (ред.)', titleRu: 'Наруто: Ураганные хроники (ред.)' });
      await api.patch('/api/anime/1735', { title: 'Своё название' }, { token: admin.token });
      const kept = await api.patch('/api/anime/1735', { titleRu: 'Наруто: Ураганные хроники' }, { token: admin.token });
      expect(kept.body.data).toMatchObject({ title: 'Своё название', titleRu: 'Наруто: Ураганные хроники' });
    });

    it('accepts SPEC aliases: PUT with series sets the episodes, releaseYear the year', async () => {
      const res = await api.put('/api/anime/21', { series: 1122, releaseYear: 1999 }, { token: admin.token });
      expect(res.body.data).toMatchObject({ episodes: 1122, series: 1122, year: 1999 });
    });

    it('refuses bad values with 400 naming the field and changes nothing; ignores fields that are not editable', async () => {
      const before = await stack.db.query('SELECT * FROM catalogue.anime WHERE id = 20');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ score: 11 }, 'score'],
        [{ kind: 'series' }, 'kind'],
        [{ title: '   ' }, 'title'],
        [{ genres: ['nope'] }, 'genres.0'],
        [{ episodes: -1 }, 'episodes'],
        [{ poster: 'javascript:alert(1)' }, 'poster'],
      ];
      for (const [body, field] of cases) {
        const res = await api.patch('/api/anime/20', body, { token: admin.token });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: ErrorCode.ValidationFailed });
        expect(res.body.errors[0].field).toBe(field);
      }
      const internals = await api.patch('/api/anime/20', { id: 5, popularity: 1, locked_fields: [], adult: true }, { token: admin.token });
      expect(internals.status).toBe(400);
      expect(await stack.db.query('SELECT * FROM catalogue.anime WHERE id = 20')).toEqual(before);
      expect((await api.patch('/api/anime/99999999', { title: 'X' }, { token: admin.token })).status).toBe(404);
    });

    it('sets a poster by URL, and refuses one that is not http(s)', async () => {
      const saved = await api.post('/api/anime/save-poster', { animeId: 20, posterUrl: 'https://cdn.example/naruto.jpg' }, { token: admin.token });
      expect(saved.body.data).toMatchObject({ poster: expect.stringMatching(/^\/api\/anime\/20\/poster\?v=\d+$/), imageUrl: 'https://cdn.example/naruto.jpg' });
      const bad = await api.post('/api/anime/save-poster', { animeId: 20, posterUrl: 'data:image/svg+xml,<svg/>' }, { token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('posterUrl');
    });
  });

  describe('adding and removing a title', () => {
    it('creates a title with its own id range, findable by its Shikimori id and by search; deletes it', async () => {
      const created = await api.post(
        '/api/anime',
        { title: 'Тестовый тайтл', titleRomaji: 'Tesuto Taitoru', idShiki: 99999990, kind: 'ona', genres: ['comedy'] },
        { token: admin.token },
      );
      expect(created.status).toBe(201);
      const { id } = created.body.data;
      expect(id).toBeGreaterThanOrEqual(100000000);
      expect(created.body.data).toMatchObject({ title: 'Тестовый тайтл', status: 'completed', kind: 'ona', genres: ['comedy'] });
      expect((await api.get('/api/anime/99999990')).body.data.id).toBe(id);
      expect((await api.get(`/api/anime/search?title=${encodeURIComponent('тестовый')}`)).body.data[0].id).toBe(id);
      expect((await api.post('/api/anime', { titleRomaji: 'No title' }, { token: admin.token })).body.errors[0].field).toBe('title');

      expect((await api.delete(`/api/anime/${id}`, { token: admin.token })).body.data).toEqual({ id, deleted: true });
      expect((await api.get(`/api/anime/${id}`)).status).toBe(404);
      expect((await api.delete(`/api/anime/${id}`, { token: admin.token })).status).toBe(404);
    });
  });

  describe('collections', () => {
    let collectionId: number;

    it('creates a collection with a cover, served from /uploads, and features it', async () => {
      const res = await api.post(
        '/api/collections',
        coverForm(
          { title: 'Классика', description: 'С чего начать', featured: 'true', animeIds: '[20, 21, 1735]' },
          { bytes: PNG, name: 'cover.png', type: 'image/png' },
        ),
        { token: admin.token },
      );
      expect(res.status).toBe(201);
      collectionId = res.body.data.id;
      expect(res.body.data).toMatchObject({ title: 'Классика', featured: true, animeCount: 3 });
      expect(res.body.data.anime.map((anime: { id: number }) => anime.id)).toEqual([20, 21, 1735]);
      expect(res.body.data.cover).toMatch(/^\/uploads\/collections\/[\w-]+\.png$/);
      const cover = await fetch(new URL(res.body.data.cover, stack.gateway.url));
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/png');
      expect(cover.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await cover.arrayBuffer()).equals(PNG)).toBe(true);
      const featured = await api.get('/api/collections/featured');
      expect(featured.body.data.map((collection: { id: number }) => collection.id)).toContain(collectionId);
      const list = await api.get('/api/collections');
      expect(list.body.meta).toMatchObject({ page: 1, total: 1 });
    });

    it('refuses a cover that is not an image (whatever its name) or too large, storing nothing', async () => {
      const files = uploads();
      const disguised = await api.post(
        '/api/collections',
        coverForm(
          { title: 'X' },
          { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.png', type: 'image/png' },
        ),
        { token: admin.token },
      );
      expect(disguised.status).toBe(400);
      expect(disguised.body.errors[0]).toMatchObject({ field: 'cover', message: expect.stringMatching(/JPEG, PNG, WebP или GIF/) });
      const huge = await api.post(
        '/api/collections',
        coverForm({ title: 'X' }, { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png', type: 'image/png' }),
        {
          token: admin.token,
        },
      );
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: [{ field: 'cover', message: expect.stringMatching(/5 МБ/) }] });
      const unknownAnime = await api.post(
        '/api/collections',
        coverForm({ title: 'X', animeIds: '[99999999]' }, { bytes: PNG, name: 'c.png', type: 'image/png' }),
        {
          token: admin.token,
        },
      );
      expect(unknownAnime.status).toBe(400);
      expect(unknownAnime.body.errors[0].field).toBe('animeIds');
      expect((await api.post('/api/collections', coverForm({ description: 'no title' }), { token: admin.token })).body.errors[0].field).toBe('title');
      expect((await api.post('/api/collections', { title: 'json' }, { token: admin.token })).status).toBe(400);
      expect(uploads()).toEqual(files);
      expect(await stack.db.query('SELECT count(*)::int AS count FROM catalogue.collections')).toEqual([{ count: 1 }]);
    });

    it('replaces the cover (deleting the old file) and the titles; deleting removes the cover too', async () => {
      const [oldCover] = uploads();
      const res = await api.put(
        `/api/collections/${collectionId}`,
        coverForm({ animeIds: '1735,20', featured: 'false' }, { bytes: PNG, name: 'new.png', type: 'image/png' }),
        {
          token: admin.token,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ title: 'Классика', featured: false, animeCount: 2 });
      expect(res.body.data.anime.map((anime: { id: number }) => anime.id)).toEqual([1735, 20]);
      expect(uploads()).toHaveLength(1);
      expect(uploads()).not.toContain(oldCover);
      expect((await api.get('/api/collections/featured')).body.data).toEqual([]);

      expect((await api.delete(`/api/collections/${collectionId}`, { token: admin.token })).status).toBe(200);
      expect(uploads()).toEqual([]);
      expect((await api.get(`/api/collections/${collectionId}`)).status).toBe(404);
    });
  });
});

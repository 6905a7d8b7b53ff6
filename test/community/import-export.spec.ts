import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, expectFieldError, startCommunityStack, statsAgreeingWithLists } from './community-test-kit';

const FIXTURES = resolve(__dirname, '../fixtures/community');
const MAL = readFileSync(resolve(FIXTURES, 'mal-export.xml'), 'utf8');
const SHIKIMORI = readFileSync(resolve(FIXTURES, 'shikimori-export.json'), 'utf8');
const SHIKIMORI_XML = readFileSync(resolve(FIXTURES, 'shikimori-export.xml'), 'utf8');

type Entry = { animeId: number; status: string; progress: number; userRating: number | null; rewatches: number };

describe('list import and export (MyAnimeList XML, Shikimori JSON)', () => {
  let stack: CommunityStack;
  const auth = (user: RegisteredUser) => ({ token: user.token });
  const form = (content: string | Buffer, fields: Record<string, string> = {}, name = 'list.xml') => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', new Blob([content]), name);
    return body;
  };
  const importFile = (user: RegisteredUser, content: string | Buffer, fields: Record<string, string> = {}, query = '') =>
    stack.api.post(`/api/users/anime/import${query}`, form(content, fields), auth(user));
  const listOf = async (user: RegisteredUser): Promise<Entry[]> => {
    const res = await stack.api.get('/api/users/anime?limit=100', auth(user));
    return res.body.data.items
      .map(({ animeId, status, progress, userRating, rewatches }: Entry) => ({ animeId, status, progress, userRating, rewatches }))
      .sort((a: Entry, b: Entry) => a.animeId - b.animeId);
  };

  beforeAll(async () => {
    stack = await startCommunityStack('listfiles');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const MAL_LIST: Entry[] = [
    { animeId: 20, status: 'planned', progress: 0, userRating: null, rewatches: 0 },
    { animeId: 1535, status: 'completed', progress: 37, userRating: 9, rewatches: 1 },
    { animeId: 1575, status: 'on_hold', progress: 7, userRating: 6, rewatches: 0 },
    { animeId: 5114, status: 'rewatching', progress: 12, userRating: 10, rewatches: 2 },
    { animeId: 9253, status: 'dropped', progress: 3, userRating: 4, rewatches: 0 },
    { animeId: 16498, status: 'watching', progress: 10, userRating: null, rewatches: 0 },
  ];

  it('imports a MyAnimeList export: matched by id, the rest reported with line and reason', async () => {
    const user = await stack.user();
    const res = await importFile(user, MAL);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'mal', imported: 6, updated: 0, unchanged: 0 });
    expect(res.body.data.skipped).toEqual([
      { line: 168, title: 'A Title Nobody Has', reason: 'Аниме нет в каталоге' },
      { line: 193, title: 'Cowboy Bebop', reason: 'Неизвестный статус' },
      { line: 218, title: 'Death Note', reason: 'Повтор записи выше в файле' },
      { line: 243, title: 'No Id At All', reason: 'Нет id аниме' },
    ]);
    expect(await listOf(user)).toEqual(MAL_LIST);
  });

  it('a second import of the same file changes nothing and emits nothing', async () => {
    const user = await stack.user();
    await importFile(user, MAL);
    const events = async () => (await stack.db.query(`SELECT count(*)::int AS n FROM community.outbox WHERE payload->>'userId' = $1`, [user.id]))[0].n;
    const before = { list: await listOf(user), events: await events() };
    const again = await importFile(user, MAL);
    expect(again.body.data).toMatchObject({ imported: 0, updated: 0, unchanged: 6 });
    expect(await listOf(user)).toEqual(before.list);
    expect(await events()).toBe(before.events);
  });

  it('imports Shikimori’s MAL-shaped XML export: shiki_status and my_rewatches arrive (rewatching, rewatch counts)', async () => {
    const user = await stack.user();
    const res = await importFile(user, SHIKIMORI_XML);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ format: 'mal', imported: 7, updated: 0, unchanged: 0, skipped: [] });
    expect(await listOf(user)).toEqual([
      { animeId: 20, status: 'planned', progress: 0, userRating: null, rewatches: 0 },
      // Completed once more: my_rewatches 1.
      { animeId: 1535, status: 'completed', progress: 37, userRating: 9, rewatches: 1 },
      { animeId: 1575, status: 'on_hold', progress: 7, userRating: 6, rewatches: 0 },
      // my_status Watching, shiki_status rewatching: a rewatch at episode 12, after two.
      { animeId: 5114, status: 'rewatching', progress: 12, userRating: 10, rewatches: 2 },
      // my_status Completed, shiki_status Rewatching.
      { animeId: 9253, status: 'rewatching', progress: 5, userRating: 8, rewatches: 1 },
      { animeId: 16498, status: 'watching', progress: 10, userRating: null, rewatches: 0 },
      { animeId: 30276, status: 'dropped', progress: 3, userRating: 4, rewatches: 0 },
    ]);

    // Our MAL export of that list carries shiki_status too, and imports as the same list.
    const xml = (await stack.api.get('/api/users/anime/export?format=mal', auth(user))).body as unknown as string;
    expect(xml.match(/<shiki_status>Rewatching<\/shiki_status>/g)).toHaveLength(2);
    const copy = await stack.user();
    expect((await importFile(copy, xml)).body.data).toMatchObject({ imported: 7, skipped: [] });
    expect(await listOf(copy)).toEqual(await listOf(user));
  });

  it('imports a Shikimori export over an existing list: new titles added, changed ones updated', async () => {
    const user = await stack.user();
    await importFile(user, MAL);
    const res = await stack.api.post('/api/users/anime/import', form(SHIKIMORI, { format: 'shikimori' }, 'list.json'), auth(user));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'shikimori', imported: 2, updated: 3, unchanged: 0 });
    expect(res.body.data.skipped).toEqual([
      { line: 6, title: 'Берсерк', reason: 'Запись не об аниме' },
      { line: 7, title: 'Unknown Title', reason: 'Аниме нет в каталоге' },
      { line: 8, title: 'Ковбой Бибоп', reason: 'Неизвестный статус' },
    ]);
    const list = await listOf(user);
    expect(list).toEqual(
      expect.arrayContaining([
        { animeId: 1535, status: 'completed', progress: 37, userRating: 8, rewatches: 0 },
        { animeId: 16498, status: 'watching', progress: 5, userRating: null, rewatches: 0 },
        { animeId: 5114, status: 'rewatching', progress: 20, userRating: 10, rewatches: 1 },
        { animeId: 30276, status: 'on_hold', progress: 4, userRating: 7, rewatches: 0 },
        { animeId: 199, status: 'planned', progress: 0, userRating: 9, rewatches: 0 },
        // Titles the file does not mention stay as they were.
        { animeId: 9253, status: 'dropped', progress: 3, userRating: 4, rewatches: 0 },
      ]),
    );
  });

  it('keeps the watched episodes of an entry, except one the file puts into a rewatch, which starts a new pass', async () => {
    const user = await stack.user();
    const watch = async (animeId: number, episodes: number[]) => {
      for (const watchedEpisode of episodes) {
        expect((await stack.api.put('/api/users/anime/status', { animeId, watchedEpisode }, auth(user))).status).toBe(200);
      }
    };
    await watch(16498, [3, 4]);
    await watch(5114, [1, 2]);
    expect((await importFile(user, MAL)).body.data).toMatchObject({ updated: 2 });
    const entry = async (animeId: number) => (await stack.api.get(`/api/users/anime/${animeId}`, auth(user))).body.data;
    expect(await entry(16498)).toMatchObject({ status: 'watching', progress: 10, watchedEpisodes: [3, 4] });
    expect(await entry(5114)).toMatchObject({ status: 'rewatching', progress: 12, watchedEpisodes: [] });
  });

  it('accepts MAL’s gzipped download, a raw text body and a raw JSON body', async () => {
    const gz = await stack.user();
    expect((await importFile(gz, gzipSync(MAL), {}, '')).body.data.imported).toBe(6);
    const raw = await stack.user();
    // The API client always sends strings as JSON: plain fetch for a text body.
    const text = await fetch(new URL('/api/users/anime/import', stack.gatewayUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${raw.token}`, 'content-type': 'text/plain; charset=utf-8' },
      body: MAL,
    });
    expect(((await text.json()) as { data: unknown }).data).toMatchObject({ format: 'mal', imported: 6 });
    const json = await stack.user();
    const res = await stack.api.post('/api/users/anime/import?format=shikimori', JSON.parse(SHIKIMORI), auth(json));
    expect(res.body.data).toMatchObject({ format: 'shikimori', imported: 5 });
    expect(res.body.data.skipped.map((skip: { line: number }) => skip.line)).toEqual([6, 7, 8]);
  });

  it('refuses bad files with a 400 naming the field, changing nothing', async () => {
    const user = await stack.user();
    expectFieldError(await stack.api.post('/api/users/anime/import', undefined, auth(user)), 'file');
    expectFieldError(await importFile(user, 'hello, not a list'), 'file');
    expectFieldError(await importFile(user, '<myanimelist><anime>'), 'file');
    expectFieldError(await importFile(user, SHIKIMORI, { format: 'mal' }), 'file');
    expectFieldError(await importFile(user, '[]'), 'file');
    expectFieldError(await importFile(user, MAL, { format: 'anilist' }), 'format');
    expectFieldError(await importFile(user, MAL, {}, '?format=xml'), 'format');
    expect(await listOf(user)).toEqual([]);
  });

  it('refuses a file over 5 MB, also once unpacked', async () => {
    const user = await stack.user();
    const big = `<myanimelist>${' '.repeat(5 * 1024 * 1024)}</myanimelist>`;
    const tooLarge = {
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Файл списка больше 5 МБ',
      errors: [{ field: 'file', message: 'Файл списка больше 5 МБ' }],
    };
    const res = await importFile(user, big);
    expect([res.status, res.body]).toEqual([413, tooLarge]);
    const packed = await importFile(user, gzipSync(big));
    expect([packed.status, packed.body]).toEqual([413, tooLarge]);
    expect(await listOf(user)).toEqual([]);
  });

  it('exports a MAL XML download with the <myinfo> header that imports into another user as the same list', async () => {
    const owner = await stack.user();
    await importFile(owner, MAL);
    const res = await stack.api.get('/api/users/anime/export?format=mal', auth(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="animelist_.+\.xml"$/);
    const xml = res.body as unknown as string;
    expect(xml).toContain(`<user_name>${owner.username}</user_name>`);
    expect(xml).toMatch(/<user_total_anime>6<\/user_total_anime>/);
    for (const field of [
      'series_animedb_id',
      'series_title',
      'series_type',
      'series_episodes',
      'my_watched_episodes',
      'my_score',
      'my_status',
      'shiki_status',
      'my_times_watched',
      'my_rewatching',
      'my_rewatching_ep',
      'update_on_import',
    ]) {
      expect(xml).toContain(`<${field}>`);
    }
    expect(xml).toContain('<my_status>Plan to Watch</my_status>');

    const copy = await stack.user();
    const imported = await importFile(copy, xml);
    expect(imported.body.data).toMatchObject({ imported: 6, skipped: [] });
    expect(await listOf(copy)).toEqual(MAL_LIST);
  });

  it('exports a Shikimori JSON download that imports into another user as the same list', async () => {
    const owner = await stack.user();
    await importFile(owner, MAL);
    await stack.api.post('/api/users/anime/import', form(SHIKIMORI, {}, 'list.json'), auth(owner));
    const res = await stack.api.get('/api/users/anime/export?format=shikimori', auth(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.json"$/);
    const rates = res.body as unknown as Array<Record<string, unknown>>;
    expect(rates[0]).toEqual(
      expect.objectContaining({
        target_type: 'Anime',
        target_id: expect.any(Number),
        status: expect.any(String),
        episodes: expect.any(Number),
        score: expect.any(Number),
        rewatches: expect.any(Number),
      }),
    );
    const copy = await stack.user();
    await stack.api.post('/api/users/anime/import', form(JSON.stringify(rates), {}, 'list.json'), auth(copy));
    expect(await listOf(copy)).toEqual(await listOf(owner));
  });

  it('bad export format is a 400; an empty list exports an empty file', async () => {
    const user = await stack.user();
    expectFieldError(await stack.api.get('/api/users/anime/export?format=csv', auth(user)), 'format');
    const res = await stack.api.get('/api/users/anime/export?format=shikimori', auth(user));
    expect(res.body).toEqual([]);
  });

  it('an import reaches the catalogue’s statistics in bulk', async () => {
    const before = await statsAgreeingWithLists(stack, 5114);
    const user = await stack.user();
    await importFile(user, MAL);
    const after = await statsAgreeingWithLists(stack, 5114);
    expect(after.statuses.rewatching).toBe(before.statuses.rewatching + 1);
    expect(after.scores['10']).toBe(before.scores['10'] + 1);
    const [{ n }] = await stack.db.query(
      `SELECT count(*)::int AS n FROM community.outbox WHERE event_name = 'community.list.imported' AND payload->>'userId' = $1`,
      [user.id],
    );
    expect(n).toBe(1);
  });
});

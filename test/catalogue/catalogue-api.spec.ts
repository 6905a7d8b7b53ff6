import { ErrorCode } from '@portal/contracts';
import type { ApiClient } from '@portal/testing';
import { type CatalogueStack, startCatalogueStack } from './catalogue-test-kit';

describe('catalogue API: browse, details, genres, characters (fixture slice of the real dataset)', () => {
  let stack: CatalogueStack;
  let api: ApiClient;

  beforeAll(async () => {
    stack = await startCatalogueStack('catapi');
    api = stack.api;
  });
  afterAll(() => stack.close());

  const expectValidation = (res: { status: number; body: any }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
    expect(res.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    expect(res.body.message).toMatch(/[а-я]/i);
  };

  describe('GET /api/anime', () => {
    it('pages the catalogue by popularity with meta {page, limit, total}, never listing adult titles', async () => {
      const first = await api.get('/api/anime?limit=5');
      expect(first.status).toBe(200);
      expect(first.body.meta).toMatchObject({ page: 1, limit: 5 });
      const [{ count }] = await stack.db.query('SELECT count(*)::int AS count FROM catalogue.anime WHERE NOT adult');
      expect(first.body.meta.total).toBe(count);
      const popularity = await stack.db.query('SELECT id FROM catalogue.anime WHERE NOT adult ORDER BY popularity DESC, id LIMIT 10');
      expect(first.body.data.map((anime: { id: number }) => anime.id)).toEqual(popularity.slice(0, 5).map((row) => row.id));
      const second = await api.get('/api/anime?limit=5&page=2');
      expect(second.body.data.map((anime: { id: number }) => anime.id)).toEqual(popularity.slice(5, 10).map((row) => row.id));
      const adult = await stack.db.query('SELECT id FROM catalogue.anime WHERE adult');
      expect(adult.length).toBeGreaterThan(0);
      const all = await api.get('/api/anime?limit=50&page=1');
      expect(all.body.data.some((anime: { id: number }) => adult.some((row) => row.id === anime.id))).toBe(false);
    });

    it('filters by genre, kind, status, year range, season and score range together', async () => {
      const res = await api.get('/api/anime?genre=shounen&kind=tv&yearFrom=2000&yearTo=2010&scoreMin=7&scoreMax=10&limit=50');
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(0);
      for (const anime of res.body.data) {
        expect(anime.genres).toContain('shounen');
        expect(anime.kind).toBe('tv');
        expect(anime.year).toBeGreaterThanOrEqual(2000);
        expect(anime.year).toBeLessThanOrEqual(2010);
        expect(anime.score).toBeGreaterThanOrEqual(7);
      }
      const fall = await api.get('/api/anime?season=fall&year=2002&limit=50');
      expect(fall.body.data.map((anime: { id: number }) => anime.id)).toContain(20);
      for (const anime of fall.body.data) expect(anime).toMatchObject({ season: 'fall', year: 2002 });
    });

    it('sorts by score, year and title', async () => {
      const byScore = (await api.get('/api/anime?sort=score&limit=20')).body.data.map((anime: { score: number | null }) => anime.score);
      expect(byScore).toEqual([...byScore].sort((a, b) => (b ?? -1) - (a ?? -1)));
      const byTitle = (await api.get('/api/anime?sort=title&limit=20')).body.data.map((anime: { title: string }) => anime.title);
      const rows = await stack.db.query('SELECT title FROM catalogue.anime WHERE NOT adult ORDER BY title, id LIMIT 20');
      expect(byTitle).toEqual(rows.map((row) => row.title));
      const byYear = (await api.get('/api/anime?sort=year&limit=5')).body.data;
      expect(byYear[0].year).toBeGreaterThanOrEqual(byYear[4].year);
    });

    it('sorts by "new" as /anime/new does: premieres that have started, newest first', async () => {
      // A title announced for next month: first by year, absent from the new ones.
      const [announced] = await stack.db.query(
        `UPDATE catalogue.anime SET status = 'announced', start_date = current_date + 30
         WHERE id = (SELECT id FROM catalogue.anime WHERE NOT adult AND id <> 20 ORDER BY popularity LIMIT 1) RETURNING id`,
      );
      const byYear = (await api.get('/api/anime?sort=year&limit=3')).body.data;
      expect(byYear[0].id).toBe(announced.id);
      const res = await api.get('/api/anime?sort=new&limit=10&page=2');
      expect(res.status).toBe(200);
      const rows = await stack.db.query(
        'SELECT id FROM catalogue.anime WHERE NOT adult AND start_date <= current_date ORDER BY start_date DESC NULLS LAST, year DESC NULLS LAST, id LIMIT 20',
      );
      expect(res.body.data.map((anime: { id: number }) => anime.id)).toEqual(rows.slice(10).map((row) => row.id));
      const [{ count }] = await stack.db.query('SELECT count(*)::int AS count FROM catalogue.anime WHERE NOT adult AND start_date <= current_date');
      expect(res.body.meta.total).toBe(count);
      const first = (await api.get('/api/anime?sort=new&limit=50')).body.data.map((anime: { id: number }) => anime.id);
      expect(first).not.toContain(announced.id);
      expect(first.slice(0, 10)).toEqual((await api.get('/api/anime/new?limit=10')).body.data.map((anime: { id: number }) => anime.id));
    });

    it('finds titles by words of their names through the text filter', async () => {
      const res = await api.get(`/api/anime?text=${encodeURIComponent('титанов')}`);
      expect(res.body.data.map((anime: { id: number }) => anime.id)).toContain(16498);
    });

    it('answers a bad parameter with 400 naming the field, in Russian', async () => {
      expectValidation(await api.get('/api/anime?limit=500'), 'limit');
      expectValidation(await api.get('/api/anime?page=0'), 'page');
      expectValidation(await api.get('/api/anime?page=abc'), 'page');
      expectValidation(await api.get('/api/anime?genre=nope'), 'genre');
      expectValidation(await api.get('/api/anime?kind=series'), 'kind');
      expectValidation(await api.get('/api/anime?sort=random'), 'sort');
      expectValidation(await api.get('/api/anime?sort=top'), 'sort');
      expectValidation(await api.get('/api/anime?scoreMin=11'), 'scoreMin');
      expectValidation(await api.get('/api/anime?yearFrom=2010&yearTo=2000'), 'yearTo');
      expectValidation(await api.get('/api/anime?scoreMin=8&scoreMax=2'), 'scoreMax');
    });

    it('answers an empty page, not an error, past the end', async () => {
      const res = await api.get('/api/anime?page=9999&limit=50');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.total).toBeGreaterThan(0);
    });
  });

  describe('hot lists', () => {
    it('GET /api/anime/popular starts with the most watched titles', async () => {
      const res = await api.get('/api/anime/popular?limit=3');
      expect(res.status).toBe(200);
      const [top] = await stack.db.query('SELECT id FROM catalogue.anime WHERE NOT adult ORDER BY popularity DESC, id LIMIT 1');
      expect(res.body.data[0].id).toBe(top.id);
    });

    it('GET /api/anime/top lists rated titles best first', async () => {
      const res = await api.get('/api/anime/top?limit=10');
      const scores = res.body.data.map((anime: { score: number }) => anime.score);
      expect(scores.every((score: number | null) => score !== null)).toBe(true);
      expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    });

    it('GET /api/anime/new lists premieres that have started, latest first', async () => {
      const res = await api.get('/api/anime/new?limit=10');
      expect(res.body.data.length).toBeGreaterThan(0);
      const ids = res.body.data.map((anime: { id: number }) => anime.id);
      const rows = await stack.db.query(
        'SELECT id FROM catalogue.anime WHERE NOT adult AND start_date <= current_date ORDER BY start_date DESC NULLS LAST, year DESC NULLS LAST, id LIMIT 10',
      );
      expect(ids).toEqual(rows.map((row) => row.id));
    });
  });

  describe('GET /api/anime/{id}', () => {
    it('returns the full record in Russian with SPEC field names', async () => {
      const res = await api.get('/api/anime/20');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: 20,
        _id: 20,
        id_shiki: 20,
        title: 'Наруто',
        titleRomaji: 'Naruto',
        kind: 'tv',
        episodes: 220,
        series: 220,
        status: 'completed',
        shikimori_status_ru: 'вышло',
        shikimori_season: 'осень 2002',
        year: 2002,
        releaseYear: 2002,
        startDate: '2002-10-03',
      });
      expect(res.body.data.genres).toEqual(expect.arrayContaining(['action', 'shounen']));
      // Shown from the portal's own origin; the poster's own address stays in imageUrl.
      expect(res.body.data.poster).toMatch(/^\/api\/anime\/20\/poster\?v=\d+$/);
      expect(res.body.data.imageUrl).toMatch(/^https:\/\/lain\.bgm\.tv\//);
      expect(res.body.data.fallbackPoster).toMatch(/^\/api\/anime\/20\/poster\.svg\?v=\d+$/);
    });

    it('lists characters with their voices where the data has them', async () => {
      const [linked] = await stack.db.query('SELECT anime_id FROM catalogue.anime_characters LIMIT 1');
      const res = await api.get(`/api/anime/${linked.anime_id}`);
      expect(res.body.data.characters.length).toBeGreaterThan(0);
      expect(res.body.data.characters[0]).toMatchObject({ role: expect.stringMatching(/main|supporting/), character: { id: expect.any(Number) } });
    });

    it('answers an unknown id with 404 and a bad id with 400, in the envelope', async () => {
      const missing = await api.get('/api/anime/99999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, code: ErrorCode.NotFound, message: 'Аниме не найдено' });
      expectValidation(await api.get('/api/anime/abc'), 'id');
      expectValidation(await api.get('/api/anime/-3'), 'id');
    });

    it('GET /api/anime/{id}/stats answers the shape for every status and score', async () => {
      const res = await api.get('/api/anime/20/stats');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data.statuses).sort()).toEqual(['completed', 'dropped', 'on_hold', 'planned', 'rewatching', 'watching']);
      expect(Object.keys(res.body.data.scores)).toHaveLength(10);
      expect((await api.get('/api/anime/99999999/stats')).status).toBe(404);
    });
  });

  describe('generated posters', () => {
    it('serves an SVG poster with the title for a title without one, safe to show', async () => {
      const [row] = await stack.db.query('SELECT id, title FROM catalogue.anime WHERE poster IS NULL AND NOT adult ORDER BY id LIMIT 1');
      const details = await api.get(`/api/anime/${row.id}`);
      expect(details.body.data.poster).toBe(details.body.data.fallbackPoster);
      const response = await fetch(new URL(details.body.data.poster, stack.gateway.url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const svg = await response.text();
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(row.title.split(' ')[0].replace(/&/g, '&amp;'));
    });
  });

  describe('genres', () => {
    it('GET /api/genres lists Russian names with counts, without adult genres', async () => {
      const res = await api.get('/api/genres');
      expect(res.status).toBe(200);
      const shounen = res.body.data.find((genre: { slug: string }) => genre.slug === 'shounen');
      const [{ count }] = await stack.db.query(`SELECT count(*)::int AS count FROM catalogue.anime WHERE 'shounen' = ANY(genres) AND NOT adult`);
      expect(shounen).toMatchObject({ name: 'Сёнэн', nameEn: 'Shounen', animeCount: count });
      expect(res.body.data.some((genre: { slug: string }) => genre.slug === 'hentai')).toBe(false);
    });

    it('GET /api/genre/{genre} pages one genre; an unknown genre is a 404', async () => {
      const res = await api.get('/api/genre/comedy?limit=10');
      expect(res.status).toBe(200);
      expect(res.body.meta.limit).toBe(10);
      for (const anime of res.body.data) expect(anime.genres).toContain('comedy');
      expect((await api.get('/api/genre/unknown-genre')).status).toBe(404);
      expect((await api.get('/api/genre/hentai')).status).toBe(404);
    });
  });

  describe('characters and seiyuu', () => {
    it('GET /api/characters pages with defaults page 1 and limit 20 and filters by name', async () => {
      const res = await api.get('/api/characters');
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ page: 1, limit: 20 });
      expect(res.body.meta.total).toBeGreaterThan(0);
      const name = res.body.data[0].name as string;
      const found = await api.get(`/api/characters?search=${encodeURIComponent(name)}`);
      expect(found.body.data.map((character: { name: string }) => character.name)).toContain(name);
      expect((await api.get('/api/characters?search=zzzzzzzzzz')).body.data).toEqual([]);
      expectValidation(await api.get('/api/characters?limit=0'), 'limit');
    });

    it('GET /api/characters/{id} and /api/seiyuu/{id} link characters, titles and voices', async () => {
      const [voice] = await stack.db.query('SELECT character_id, person_id, anime_id FROM catalogue.character_voices LIMIT 1');
      const character = await api.get(`/api/characters/${voice.character_id}`);
      expect(character.status).toBe(200);
      expect(character.body.data.anime.map((entry: { anime: { id: number } }) => entry.anime.id)).toContain(voice.anime_id);
      expect(character.body.data.seiyuu.map((person: { id: number }) => person.id)).toContain(voice.person_id);
      const seiyuu = await api.get(`/api/seiyuu/${voice.person_id}`);
      expect(seiyuu.status).toBe(200);
      expect(seiyuu.body.data.roles.some((role: { character: { id: number } }) => role.character.id === voice.character_id)).toBe(true);
      expect((await api.get('/api/characters/99999999')).body).toMatchObject({ code: ErrorCode.NotFound, message: 'Персонаж не найден' });
      expect((await api.get('/api/seiyuu/99999999')).status).toBe(404);
    });
  });
});

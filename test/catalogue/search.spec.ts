import { ErrorCode } from '@portal/contracts';
import type { ApiClient } from '@portal/testing';
import { type CatalogueStack, startCatalogueStack } from './catalogue-test-kit';

describe('catalogue search: typo-tolerant, across scripts, ranked', () => {
  let stack: CatalogueStack;
  let api: ApiClient;

  beforeAll(async () => {
    stack = await startCatalogueStack('search');
    api = stack.api;
  });
  afterAll(() => stack.close());

  const searchIds = async (title: string) => {
    const res = await api.get(`/api/anime/search?title=${encodeURIComponent(title)}`);
    expect(res.status).toBe(200);
    return res.body.data.map((hit: { id: number }) => hit.id) as number[];
  };

  it('finds «Наруто» by a misspelt Russian query and ranks it first', async () => {
    const res = await api.get(`/api/anime/search?title=${encodeURIComponent('нарута')}`);
    expect(res.body.data[0]).toMatchObject({ id: 20, title: 'Наруто', matchedName: 'Наруто' });
    expect(res.body.data[0].relevance).toBeGreaterThan(0);
  });

  it('finds Naruto: Shippuuden by "naruto shipuden" (romaji, misspelt)', async () => {
    const ids = await searchIds('naruto shipuden');
    expect(ids[0]).toBe(1735);
  });

  it('finds titles by English, Japanese (kana/kanji) and Russian names and synonyms', async () => {
    expect(await searchIds('attack on titan')).toContain(16498);
    expect(await searchIds('進撃の巨人')).toContain(16498);
    expect(await searchIds('ナルト')).toContain(20);
    expect(await searchIds('атака титанов')).toContain(16498);
  });

  it('reads Cyrillic romaji (Polivanov) and a query typed in the wrong keyboard layout', async () => {
    expect((await searchIds('сингэки но кёдзин'))[0]).toBe(16498);
    expect((await searchIds('yfhenj'))[0]).toBe(20);
  });

  it('ranks the better-known of two close matches higher', async () => {
    const res = await api.get(`/api/anime/search?title=naruto`);
    const ids = res.body.data.map((hit: { id: number }) => hit.id);
    expect(ids.indexOf(20)).toBeLessThan(ids.indexOf(1735));
    const relevance = res.body.data.map((hit: { relevance: number }) => hit.relevance);
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
  });

  it('autocompletes from the first letters, popular first', async () => {
    const one = await api.get(`/api/anime/suggest?q=${encodeURIComponent('на')}`);
    expect(one.status).toBe(200);
    expect(one.body.data.length).toBeGreaterThan(0);
    for (const suggestion of one.body.data) expect(suggestion.title.toLowerCase().startsWith('на') || suggestion.matchedName).toBeTruthy();
    const three = await api.get(`/api/anime/suggest?q=${encodeURIComponent('нар')}&limit=5`);
    expect(three.body.data.length).toBeLessThanOrEqual(5);
    expect(three.body.data.map((suggestion: { id: number }) => suggestion.id)).toContain(20);
    expect(three.body.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), title: expect.any(String), poster: expect.any(String), fallbackPoster: expect.any(String) }),
    );
  });

  it('takes a short single word as the start of a word of the title, most popular first', async () => {
    const res = await api.get(`/api/anime/search?title=${encodeURIComponent('титан')}`);
    expect(res.body.data[0].id).toBe(16498);
    const rows = await stack.db.query(`SELECT id FROM catalogue.anime WHERE NOT adult AND search_names ~ '(^| )титан' ORDER BY popularity DESC, id`);
    expect(res.body.data.map((hit: { id: number }) => hit.id)).toEqual(rows.slice(0, 20).map((row) => row.id));
    // A typo matches no word start: the similarity search takes over.
    expect((await api.get(`/api/anime/search?title=${encodeURIComponent('нарта')}`)).body.data.map((hit: { id: number }) => hit.id)).toContain(20);
  });

  it('answers nothing found with an empty list, and bad input with 400 in Russian', async () => {
    expect(await searchIds('qqqqxxxxzzzz')).toEqual([]);
    expect(await searchIds('!!!')).toEqual([]);
    const empty = await api.get('/api/anime/search?title=');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [{ field: 'title' }] });
    expect((await api.get(`/api/anime/search?title=${'a'.repeat(101)}`)).body.errors[0]).toMatchObject({
      field: 'title',
      message: expect.stringMatching(/100/),
    });
    expect((await api.get('/api/anime/suggest')).status).toBe(400);
    expect((await api.get('/api/anime/search?title=x&limit=100')).body.errors[0].field).toBe('limit');
  });

  it('never returns adult titles', async () => {
    const [adult] = await stack.db.query('SELECT title_romaji FROM catalogue.anime WHERE adult LIMIT 1');
    const res = await api.get(`/api/anime/search?title=${encodeURIComponent(adult.title_romaji)}`);
    const [row] = await stack.db.query('SELECT id FROM catalogue.anime WHERE adult AND title_romaji = $1', [adult.title_romaji]);
    expect(res.body.data.map((hit: { id: number }) => hit.id)).not.toContain(row.id);
  });

  it('serves one- and two-letter autocomplete from the prefix indexes (EXPLAIN)', async () => {
    const plan = await stack.db.indexPlan(
      `SELECT id FROM catalogue.anime a WHERE catalogue.normalize_search(a.title_ru) ~>=~ $1 AND catalogue.normalize_search(a.title_ru) ~<~ $2`,
      ['на', `на${String.fromCodePoint(0x10ffff)}`],
    );
    expect(plan).toContain('anime_title_ru_prefix');
  });

  it('runs on the trigram index for Cyrillic and kana (EXPLAIN), in a UTF-8 database', async () => {
    const [database] = await stack.db.query(`SELECT pg_encoding_to_char(encoding) AS encoding, datctype FROM pg_database WHERE datname = current_database()`);
    expect(database.encoding).toBe('UTF8');
    for (const query of ['нарута', 'ナルト']) {
      const plan = await stack.db.indexPlan(`SELECT id FROM catalogue.anime WHERE catalogue.normalize_search($1) <% search_names`, [query]);
      expect(plan).toContain('anime_search_names_trgm');
    }
  });
});

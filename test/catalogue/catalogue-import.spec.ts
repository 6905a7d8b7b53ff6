import { importCatalogue } from '../../apps/catalogue/src/cli/import-catalogue';
import { type CatalogueStack, createScratchDatabase, editableSources, editRecord, startCatalogueService, startCatalogueStack } from './catalogue-test-kit';
import { testEnv } from '../support/test-apps';

describe('catalogue import (npm run catalogue:import and the import at boot)', () => {
  let stack: CatalogueStack;
  let sources: ReturnType<typeof editableSources>;
  const run = () => importCatalogue(testEnv({ ...stack.env, CATALOGUE_DATA_DIR: sources.dir }));
  const snapshot = () => stack.db.query('SELECT id, source_key, title, episodes, updated_at FROM catalogue.anime ORDER BY id');

  beforeAll(async () => {
    sources = editableSources();
    stack = await startCatalogueStack('import', { env: { CATALOGUE_DATA_DIR: sources.dir } });
  });
  afterAll(async () => {
    await stack.close();
    sources.close();
  });

  it('loaded every good line of the fixture at boot', async () => {
    const [{ count }] = await stack.db.query('SELECT count(*)::int AS count FROM catalogue.anime');
    expect(count).toBe(291);
    const [naruto] = await stack.db.query('SELECT title, title_ru, title_romaji, id_shiki, genres FROM catalogue.anime WHERE id = 20');
    expect(naruto).toMatchObject({ title: 'Наруто', title_ru: 'Наруто', title_romaji: 'Naruto', id_shiki: 20 });
  });

  it('changes nothing when run again on the same data', async () => {
    const before = await snapshot();
    const report = await run();
    expect(report).toMatchObject({ read: 294, inserted: 0, updated: 0, unchanged: 291 });
    expect(report.skipped.map((skipped) => skipped.line)).toEqual([6, 10, 13]);
    expect(report.skipped.map((skipped) => skipped.reason)).toEqual(['not valid JSON', expect.stringMatching(/^title:/), expect.stringMatching(/^year:/)]);
    expect(await snapshot()).toEqual(before);
  });

  it('updates a changed title in place (same id) and leaves the rest untouched', async () => {
    const [{ startedAt }] = await stack.db.query('SELECT now() AS "startedAt"');
    const before = await snapshot();
    sources.rewrite((rows) => rows.map(editRecord('myanimelist:21', (record) => (record.episodes = 9999))));
    const report = await run();
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 290 });
    const after = await snapshot();
    const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index]));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ id: 21, episodes: 9999 });
    // Announced once for the batch, with the title as it now is, so copies in other services follow;
    // nothing else is, and no per-title update (each would drop the response cache again).
    const events = await stack.db.query(`SELECT event_name, payload FROM catalogue.outbox WHERE event_name LIKE 'catalogue.anime.%' AND occurred_at >= $1`, [
      startedAt,
    ]);
    expect(events).toEqual([
      { event_name: 'catalogue.anime.reimported', payload: expect.objectContaining({ titles: [expect.objectContaining({ id: 21, episodes: 9999 })] }) },
    ]);
  });

  it("keeps an admin's edit of a field when the source changes it, and follows the source elsewhere", async () => {
    const admin = await stack.admin();
    expect((await stack.api.patch('/api/anime/21', { title: 'Ван-Пис (правка)' }, { token: admin.token })).status).toBe(200);
    sources.rewrite((rows) =>
      rows.map(
        editRecord('myanimelist:21', (record) => {
          record.episodes = 1100;
          record.title = 'One Piece!';
        }),
      ),
    );
    await run();
    const [row] = await stack.db.query('SELECT title, title_romaji, episodes FROM catalogue.anime WHERE id = 21');
    expect(row).toEqual({ title: 'Ван-Пис (правка)', title_romaji: 'One Piece!', episodes: 1100 });
  });

  it('reports a row the database refuses and still writes the rest of its batch', async () => {
    const [local] = await stack.db.query('SELECT id FROM catalogue.anime WHERE id >= 100000000 ORDER BY id LIMIT 1');
    sources.rewrite((rows) => [
      ...rows,
      JSON.stringify({ key: `myanimelist:${local.id}`, title: 'Collides With A Local Id', ids: {} }),
      JSON.stringify({ key: 'anidb:999999999', title: 'A Brand New Title', ids: {} }),
    ]);
    const report = await run();
    expect(report.inserted).toBe(1);
    expect(report.skipped.map((skipped) => skipped.key)).toContain(`myanimelist:${local.id}`);
    expect(await stack.db.query(`SELECT id FROM catalogue.anime WHERE title_romaji = 'Collides With A Local Id'`)).toEqual([]);
    expect(await stack.db.query(`SELECT title FROM catalogue.anime WHERE source_key = 'anidb:999999999'`)).toEqual([{ title: 'A Brand New Title' }]);
  });
});

describe('catalogue database checks at boot', () => {
  it('refuses to start on a database whose ctype cannot see Cyrillic, saying how to fix it', async () => {
    const db = await createScratchDatabase({ ctype: 'C' });
    try {
      await expect(startCatalogueService({ DATABASE_URL: db.url, CATALOGUE_IMPORT_ON_EMPTY: 'false' })).rejects.toThrow(/UTF-8.*LC_CTYPE/);
    } finally {
      await db.drop();
    }
  });

  it('imports English/romaji titles only when the non-commercial Russian titles are turned off', async () => {
    const stack = await startCatalogueStack('noru', { env: { CATALOGUE_RUSSIAN_TITLES: 'off' } });
    try {
      const res = await stack.api.get('/api/anime/20');
      expect(res.body.data).toMatchObject({ title: 'Naruto', titleRu: null });
    } finally {
      await stack.close();
    }
  });
});

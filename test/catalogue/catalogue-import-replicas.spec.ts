import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_FILES } from '../../apps/catalogue/src/import/catalogue-importer.service';
import { ownRedisPrefix } from '../auth/auth-test-kit';
import type { Env, RunningApp } from '../support/test-apps';
import { createScratchDatabase, editableSources, FIXTURE_DATA_DIR, type ScratchDatabase, startCatalogueService } from './catalogue-test-kit';

/** Each test boots the catalogue (importing the dataset) up to three times: a guard against a hang, not a bound. */
const BOOTS_TIMEOUT_MS = 180_000;

/** Issue #15: the dataset import at boot with several catalogue replicas. */
describe('the catalogue import at boot with two replicas', () => {
  let db: ScratchDatabase;
  const apps: RunningApp[] = [];
  const count = async (table: string) => (await db.query(`SELECT count(*)::int AS n FROM catalogue.${table}`))[0].n as number;

  beforeEach(async () => {
    db = await createScratchDatabase();
  });
  afterEach(async () => {
    while (apps.length > 0) await apps.pop()!.close();
    await db.drop();
  });

  it(
    'imports the dataset once when two replicas boot together on an empty database',
    async () => {
      const env: Env = { ...ownRedisPrefix('imptwo'), DATABASE_URL: db.url };
      apps.push(...(await Promise.all([startCatalogueService(env), startCatalogueService(env)])));
      // Every import that runs to its end records itself: one row, one import.
      expect(await db.query('SELECT report FROM catalogue.dataset_imports')).toEqual([{ report: expect.objectContaining({ read: 294, inserted: 291 }) }]);
      expect(await count('anime')).toBe(291);
    },
    BOOTS_TIMEOUT_MS,
  );

  it(
    'finishes at the next boot an import whose replica died half-way, instead of taking the titles it left for a full catalogue',
    async () => {
      const sources = editableSources();
      try {
        const env: Env = { ...ownRedisPrefix('imphalf'), DATABASE_URL: db.url, CATALOGUE_DATA_DIR: sources.dir };
        // The titles are committed batch by batch, then the characters file cannot be read: the import
        // stops there, as if its process had been killed.
        writeFileSync(join(sources.dir, SOURCE_FILES.characters), 'not gzip');
        await expect(startCatalogueService(env)).rejects.toThrow(/header/);
        expect(await count('anime')).toBe(291);
        expect(await count('anime_characters')).toBe(0);
        expect(await count('dataset_imports')).toBe(0);

        copyFileSync(join(FIXTURE_DATA_DIR, SOURCE_FILES.characters), join(sources.dir, SOURCE_FILES.characters));
        apps.push(await startCatalogueService(env));
        expect(await count('anime_characters')).toBeGreaterThan(0);
        expect(await db.query('SELECT report FROM catalogue.dataset_imports')).toEqual([{ report: expect.objectContaining({ inserted: 0, unchanged: 291 }) }]);

        // Done once: later boots import nothing, even with the source changed.
        sources.rewrite((rows) => rows.slice(0, 10));
        apps.push(await startCatalogueService(env));
        expect(await count('dataset_imports')).toBe(1);
      } finally {
        sources.close();
      }
    },
    BOOTS_TIMEOUT_MS,
  );
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { catalogueEnvSchema, loadConfig } from '@portal/config';
import { createLogger, createServiceApp } from '@portal/platform';
import { type ApiClient, apiClient } from '@portal/testing';
import { CatalogueAppModule } from '../../apps/catalogue/src/catalogue-app.module';
import { SOURCE_FILES } from '../../apps/catalogue/src/import/catalogue-importer.service';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, listen, type RunningApp, startApps, startAuthService, startGateway, testEnv } from '../support/test-apps';

export { createScratchDatabase, type ScratchDatabase };

/** A small slice of the real dataset (see test/fixtures/catalogue/README.md), with three bad lines. */
export const FIXTURE_DATA_DIR = resolve(__dirname, '../fixtures/catalogue');

/** The catalogue service, booted exactly as its main.ts boots it. */
export async function startCatalogueService(overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(catalogueEnvSchema, testEnv({ CATALOGUE_DATA_DIR: FIXTURE_DATA_DIR, ...overrides }));
  const logger = createLogger('catalogue', config.LOG_LEVEL);
  return listen(await createServiceApp(CatalogueAppModule.forRoot(config, logger), config, logger), true);
}

export interface CatalogueStack {
  api: ApiClient;
  db: ScratchDatabase;
  env: Env;
  gateway: RunningApp;
  catalogue: RunningApp;
  uploadsDir: string;
  /** A signed-in admin (registered through the API, promoted as `npm run admin` does). */
  admin: () => Promise<RegisteredUser>;
  user: () => Promise<RegisteredUser>;
  close: () => Promise<void>;
}

/** Catalogue + auth behind a gateway, on a fresh database (the fixture imported at boot) and key prefix. */
export async function startCatalogueStack(name: string, options: { env?: Env } = {}): Promise<CatalogueStack> {
  const db = await createScratchDatabase();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  const env: Env = { ...ownRedisPrefix(name), DATABASE_URL: db.url, UPLOADS_DIR: uploadsDir, ...options.env };
  const {
    apps: [catalogue, , gateway],
    close,
  } = await startApps(
    [() => startCatalogueService(env), () => startAuthService({ ...RELAXED_AUTH_LIMITS, ...env }), () => startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env })],
    async () => {
      await db.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  );
  const api = apiClient(gateway.url);
  return {
    api,
    db,
    env,
    gateway,
    catalogue,
    uploadsDir,
    user: () => registerUser(api, name),
    admin: async () => {
      const admin = await registerUser(api, `${name}adm`);
      await db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
      return admin;
    },
    close,
  };
}

/** Rewrites the record of `key` in a line of the anime source. */
export const editRecord = (key: string, edit: (record: Record<string, unknown>) => void) => (row: string) => {
  if (!row.includes(`"key":"${key}"`)) return row;
  const record = JSON.parse(row);
  edit(record);
  return JSON.stringify(record);
};

/** A copy of the fixture whose anime file the test may rewrite. */
export function editableSources(): { dir: string; rewrite: (edit: (rows: string[]) => string[]) => void; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-sources-'));
  cpSync(FIXTURE_DATA_DIR, dir, { recursive: true });
  const file = join(dir, SOURCE_FILES.anime);
  return {
    dir,
    rewrite: (edit) => writeFileSync(file, gzipSync(edit(gunzipSync(readFileSync(file)).toString().trimEnd().split('\n')).join('\n') + '\n')),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, apiClient } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, type RunningApp, startApps, startAuthService, startGateway, startModerationService, startRewardsService } from '../support/test-apps';

export interface CardsStack {
  api: ApiClient;
  db: ScratchDatabase;
  env: Env;
  mediaDir: string;
  rewards: RunningApp;
  gateway: RunningApp;
  user: () => Promise<RegisteredUser>;
  admin: () => Promise<RegisteredUser>;
  close: () => Promise<void>;
}

/**
 * Auth, moderation (its audit log records the admins' card changes), rewards and a gateway on a database, key prefix and media folder of the spec's own: the
 * rewards service seeds its cards into them at boot (CARD_VIDEOS off unless `env` says otherwise).
 */
export async function startCardsStack(name: string, options: { env?: Env } = {}): Promise<CardsStack> {
  const db = await createScratchDatabase();
  const mediaDir = await mkdtemp(join(tmpdir(), 'portal-cards-'));
  const env: Env = { ...ownRedisPrefix(name), DATABASE_URL: db.url, MEDIA_DIR: mediaDir, CARD_VIDEOS: 'false', ...options.env };
  const {
    apps: [, , rewards, gateway],
    close,
  } = await startApps(
    [
      () => startAuthService({ ...RELAXED_AUTH_LIMITS, ...env }),
      () => startModerationService(env),
      () => startRewardsService(env),
      () => startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env }),
    ],
    async () => {
      await db.drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  );
  const api = apiClient(gateway.url);
  return {
    api,
    db,
    env,
    mediaDir,
    rewards,
    gateway,
    user: () => registerUser(api, name),
    admin: async () => {
      const admin = await registerUser(api, `${name}adm`);
      await db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
      return admin;
    },
    close,
  };
}

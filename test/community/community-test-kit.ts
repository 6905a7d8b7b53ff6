import { communityEnvSchema, loadConfig } from '@portal/config';
import type { AdminAction, AdminActionTarget } from '@portal/contracts';
import { createLogger, createServiceApp } from '@portal/platform';
import { type ApiClient, apiClient, waitFor } from '@portal/testing';
import { CommunityAppModule } from '../../apps/community/src/community-app.module';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { startCatalogueService } from '../catalogue/catalogue-test-kit';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, listen, type RunningApp, startApps, startAuthService, startGateway, testEnv } from '../support/test-apps';

/** Titles of the catalogue fixture (test/fixtures/catalogue): ids are Shikimori/MAL ids. */
export const DEATH_NOTE = { id: 1535, episodes: 37 };
export const ATTACK_ON_TITAN = { id: 16498, episodes: 25 };
export const NARUTO = { id: 20, episodes: 220 };

/** The community service, booted exactly as its main.ts boots it. */
export async function startCommunityService(overrides: Env = {}): Promise<RunningApp> {
  const config = loadConfig(communityEnvSchema, testEnv(overrides));
  const logger = createLogger('community', config.LOG_LEVEL);
  return listen(await createServiceApp(CommunityAppModule.forRoot(config, logger), config, logger), true);
}

export interface CommunityStack {
  api: ApiClient;
  gatewayUrl: string;
  db: ScratchDatabase;
  env: Env;
  community: RunningApp;
  user: () => Promise<RegisteredUser>;
  /**
   * `count` accounts, registered one after another: what a test makes concurrent is its own subject,
   * not twenty password hashes at once on a loaded machine (they can outlast the RPC deadline).
   */
  users: (count: number) => Promise<RegisteredUser[]>;
  admin: () => Promise<RegisteredUser>;
  /** Restarts the community service (same database and key prefix). */
  restartCommunity: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Catalogue (fixture imported at boot), auth, community and a gateway, on a database and key prefix
 * of the spec's own.
 */
export async function startCommunityStack(name: string, options: { env?: Env } = {}): Promise<CommunityStack> {
  const db = await createScratchDatabase();
  const env: Env = { ...ownRedisPrefix(name), DATABASE_URL: db.url, ...options.env };
  const group = await startApps(
    [
      () => startCatalogueService(env),
      () => startAuthService({ ...RELAXED_AUTH_LIMITS, ...env }),
      () => startCommunityService(env),
      () => startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env }),
    ],
    () => db.drop(),
  );
  const [, , community, gateway] = group.apps;
  const api = apiClient(gateway.url);
  const stack: CommunityStack = {
    api,
    gatewayUrl: gateway.url,
    db,
    env,
    community,
    user: () => registerUser(api, name),
    users: async (count) => {
      const made: RegisteredUser[] = [];
      for (let index = 0; index < count; index++) made.push(await registerUser(api, name));
      return made;
    },
    admin: async () => {
      const admin = await registerUser(api, `${name}adm`);
      await db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
      return admin;
    },
    restartCommunity: async () => {
      await stack.community.close();
      const index = group.apps.indexOf(stack.community);
      stack.community = await startCommunityService(env);
      group.apps[index] = stack.community;
    },
    close: group.close,
  };
  return stack;
}

/** Sends a request and expects a 400 naming `field`, with a Russian message. */
export function expectFieldError(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.errors?.map((error: { field: string }) => error.field)).toContain(field);
  expect(res.body.message).toMatch(/[а-яА-Я]/);
}

type Counts = Record<string, number>;

/**
 * The catalogue's statistics of a title once they agree with the community's own rows: events may
 * arrive in any order, but the counts converge to what the lists hold.
 */
export async function statsAgreeingWithLists(stack: CommunityStack, animeId: number) {
  const [lists]: { statuses: Counts; scores: Counts }[] = await stack.db.query(
    `SELECT coalesce((SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM community.list_entries WHERE anime_id = $1 GROUP BY status) s), '{}') AS statuses,
            coalesce((SELECT json_object_agg(user_rating, n) FROM (SELECT user_rating, count(*)::int AS n FROM community.list_entries WHERE anime_id = $1 AND user_rating IS NOT NULL GROUP BY user_rating) r), '{}') AS scores`,
    [animeId],
  );
  const agree = (expected: Counts, actual: Counts) => Object.entries(actual).every(([key, n]) => n === (expected[key] ?? 0));
  return waitFor(async () => {
    const current = (await stack.api.get(`/api/anime/${animeId}/stats`)).body.data;
    return agree(lists.statuses, current.statuses) && agree(lists.scores, current.scores) ? current : null;
  }, 15_000);
}

/** Every community table of user data: its row count and a digest of its rows (the outbox's without the relay's mark; not the transport's applied_calls record, which any write call adds to). */
export async function communityState(stack: CommunityStack): Promise<Record<string, { rows: number; digest: string }>> {
  const tables: Array<{ name: string }> = await stack.db.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'community' AND table_type = 'BASE TABLE' AND table_name <> 'applied_calls' ORDER BY table_name`,
  );
  const state: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const row = name === 'outbox' ? '(t.id, t.event_name, t.payload, t.occurred_at)::text' : 't::text';
    const [counted]: Array<{ rows: number; digest: string }> = await stack.db.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${row}), '')) AS digest FROM community."${name}" t`,
    );
    state[name] = counted;
  }
  return state;
}

/** The state once the events of earlier steps (a new user's registration, …) have been applied. */
export async function settledState(stack: CommunityStack): Promise<Record<string, { rows: number; digest: string }>> {
  let previous = await communityState(stack);
  for (let attempt = 0; attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const current = await communityState(stack);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error('the community tables did not settle');
}

/** The `community.admin.acted` events published about one item, oldest first (the outbox keeps relayed rows). */
export async function adminActionsOn(stack: CommunityStack, target: AdminActionTarget, targetId: string): Promise<AdminAction[]> {
  const rows: Array<{ payload: AdminAction & { eventId: string; occurredAt: string } }> = await stack.db.query(
    `SELECT payload FROM community.outbox WHERE event_name = 'community.admin.acted' AND payload->>'target' = $1 AND payload->>'targetId' = $2 ORDER BY occurred_at, id`,
    [target, targetId],
  );
  return rows.map(({ payload: { eventId: _eventId, occurredAt: _occurredAt, ...action } }) => action);
}

/** Exactly one `community.admin.acted` of this target, id and action was published, and it is `expected` (before and after compared whole). */
export async function expectAdminAction(stack: CommunityStack, expected: AdminAction): Promise<void> {
  const published = (await adminActionsOn(stack, expected.target, expected.targetId)).filter((action) => action.action === expected.action);
  expect(published).toEqual([expected]);
}

/** How many `community.admin.acted` events were published at all (a refused action adds none). */
export async function adminActionCount(stack: CommunityStack): Promise<number> {
  return Number((await stack.db.query(`SELECT count(*) AS n FROM community.outbox WHERE event_name = 'community.admin.acted'`))[0].n);
}

/** Catalogue titles the community has never stored a copy of (episode count known, above 1). */
export const unseenTitles = (stack: CommunityStack, count: number): Promise<Array<{ id: number; episodes: number }>> =>
  stack.db.query(
    `SELECT a.id, a.episodes FROM catalogue.anime a
     WHERE NOT a.adult AND a.episodes > 1 AND a.id <> ALL($1::int[]) AND NOT EXISTS (SELECT 1 FROM community.anime_refs r WHERE r.id = a.id)
     ORDER BY a.id LIMIT $2`,
    [[DEATH_NOTE.id, ATTACK_ON_TITAN.id, NARUTO.id], count],
  );

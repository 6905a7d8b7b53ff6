import type { RegistrationFields } from '@portal/contracts';
import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { type ApiClient, type ApiResult, apiClient, solveCaptcha } from '@portal/testing';
import { type Env, type RunningApp, startAuthService, startGateway, startModerationService } from '../support/test-apps';

/**
 * Helpers shared by the auth, gateway and events specs. The database and the Redis key prefix are
 * shared by every spec of a run, so names are unique and rate limits are raised unless under test.
 */

/** Limits high enough that no spec of a run trips another's budget (they all come from 127.0.0.1). */
export const RELAXED_AUTH_LIMITS = {
  RATE_LIMIT_REGISTER_IP_PER_HOUR: '100000',
  RATE_LIMIT_LOGIN_IP_PER_15MIN: '100000',
  RATE_LIMIT_LOGIN_ACCOUNT_PER_15MIN: '100000',
};
/** The one foreign host whose https images a profile may show in these tests. */
export const ALLOWED_IMAGE_HOST = 'cdn.example.com';
export const RELAXED_GATEWAY_LIMITS = { RATE_LIMIT_GLOBAL_PER_MINUTE: '100000' };

/**
 * A Redis key prefix of the spec file's own, under the run's prefix (so the global teardown still
 * deletes it): its rate-limit counters, captchas, transport channels and queues touch no other spec.
 * Every app of one spec must get the same one.
 */
export const ownRedisPrefix = (name: string) => ({ REDIS_KEY_PREFIX: `${process.env.REDIS_KEY_PREFIX}${name}${Date.now().toString(36)}${randomInt(0, 1e6)}:` });

export interface AuthStack {
  api: ApiClient;
  gateway: RunningApp;
  close: () => Promise<void>;
}

/**
 * Auth (and moderation, when asked) behind a gateway, on a key prefix of the spec's own, with the
 * relaxed limits unless `env` overrides them.
 */
export async function startAuthStack(name: string, options: { env?: Env; withModeration?: boolean } = {}): Promise<AuthStack> {
  const env = { ...ownRedisPrefix(name), ...options.env };
  const services = [await startAuthService({ ...RELAXED_AUTH_LIMITS, PROFILE_IMAGE_HOSTS: ALLOWED_IMAGE_HOST, ...env })];
  if (options.withModeration) services.push(await startModerationService(env));
  const gateway = await startGateway({ ...RELAXED_GATEWAY_LIMITS, ...env });
  return {
    api: apiClient(gateway.url),
    gateway,
    close: async () => {
      await gateway.close();
      for (const service of services.reverse()) await service.close();
    },
  };
}

let counter = 0;
/** Digits only: a random run of letters could spell a word of the bad-word dictionaries. */
export const uniqueDigits = () => `${Date.now().toString().slice(-7)}${String(randomInt(0, 1000)).padStart(3, '0')}${counter++}`;
export const uniqueName = (prefix: string) => `${prefix}_${uniqueDigits()}`;
export const uniqueEmail = (prefix: string) => `${prefix}.${uniqueDigits()}@example.com`;
/** A fake client address in TEST-NET-2 for a gateway started with TRUST_PROXY=true. */
export const uniqueIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
export const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

export const STRONG_PASSWORD = 'Tr0ub4dor&3-horse';

export interface SolvedCaptcha {
  captchaId: string;
  captchaAnswer: number;
}

export async function solvedCaptcha(api: ApiClient, options?: { headers?: Record<string, string> }): Promise<SolvedCaptcha> {
  const res = await api.get('/api/auth/captcha', options);
  expect(res.status).toBe(200);
  return { captchaId: res.body.data.captchaId, captchaAnswer: solveCaptcha(res.body.data.question) };
}

export type RegistrationForm = RegistrationFields & { telegramUserId?: unknown; agreement?: unknown };

/** POST /api/auth/register with a fresh solved captcha unless the form brings its own, and the agreement accepted unless the form says otherwise. */
export async function register(
  api: ApiClient,
  form: RegistrationForm,
  options?: { headers?: Record<string, string> },
): Promise<ApiResult<Record<string, any>>> {
  const captcha = 'captchaId' in form || 'captchaAnswer' in form ? {} : await solvedCaptcha(api, options);
  return api.post('/api/auth/register', { ...captcha, agreement: true, ...form }, options);
}

export interface RegisteredUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

export async function registerUser(api: ApiClient, prefix: string, options?: { headers?: Record<string, string> }): Promise<RegisteredUser> {
  const username = uniqueName(prefix);
  const email = uniqueEmail(prefix);
  const res = await register(api, { username, email, password: STRONG_PASSWORD }, options);
  if (res.status !== 201) throw new Error(`registration of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.user.id, username, email, password: STRONG_PASSWORD, token: res.body.data.token };
}

/** Every key path (recursively) whose name looks like a secret: password, hash, salt. */
export function secretLookingKeys(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => secretLookingKeys(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(/pass|hash|salt|secret/i.test(key) ? [`${path}.${key}`] : []),
    ...secretLookingKeys(child, `${path}.${key}`),
  ]);
}

/** One query against the run's database (the harness's DATABASE_URL). */
export async function dbQuery<R extends Record<string, any> = Record<string, any>>(sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** What the grant-admin command does: set the flag in the auth schema. */
export async function grantAdminInDatabase(userId: string): Promise<void> {
  const rows = await dbQuery('UPDATE auth.users SET is_admin = true WHERE id = $1 RETURNING id', [userId]);
  expect(rows).toHaveLength(1);
}

/** Matches the lines of a stack trace, or a `stack` property, anywhere in a serialised body. */
export const STACK_TRACE = /"stack"|\bat \S+ \(|\.ts:\d+:\d+|node_modules/;

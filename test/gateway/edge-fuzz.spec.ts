import { mkdtempSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import Redis from 'ioredis';
import { apiClient, type ApiClient } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { startCatalogueService } from '../catalogue/catalogue-test-kit';
import { startCommunityService } from '../community/community-test-kit';
import { freePort } from '../support/free-port';
import { startGatewayProcess } from '../support/gateway-process';
import { type FakeShikimori, startFakeShikimori } from '../support/fake-shikimori';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, type RunningApp, startAuthService, startChatService, startModerationService, startRewardsService } from '../support/test-apps';

/**
 * Random and hostile input at every route of the OpenAPI document, against the whole portal with
 * the gateway as its own process: no answer is a 5xx, the gateway never exits, and a refused write
 * changes nothing in any service's tables.
 */

interface Operation {
  method: string;
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: SchemaRef }> } }>
  >;
  components?: { schemas?: Record<string, SchemaRef> };
}
interface SchemaRef {
  $ref?: string;
  properties?: Record<string, unknown>;
}

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 12);
/** The gateway's limit of a JSON or text body (docs/security.md, step 1). */
const BODY_LIMIT = 1024 * 1024;
/** What fetch adds to a request's head (host, accept, user agent, …), more or less: the band where the header limit may or may not be met. */
const HEAD_SLACK = 1024;
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const SCHEMAS = ['auth', 'catalogue', 'community', 'chat', 'moderation'];

function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema?: SchemaRef): SchemaRef | undefined => (schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() as string] : schema);
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method,
      path,
      queryFields: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      bodyFields: Object.keys(resolve(operation.requestBody?.content?.['application/json']?.schema)?.properties ?? {}),
    })),
  );
}

/**
 * A request the gateway refuses before it reads the body, and then closes the connection
 * (docs/security.md, «Refused before the body»): a head over Node's header limit (431: past it the
 * parser cannot tell where the next request starts) or a JSON or text body over the body limit (413).
 * A client still sending the body may then see the connection reset instead of the answer. `certain`:
 * the head is over the limit whatever fetch adds to it.
 */
function refusedBeforeTheBody(request: {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}): { status: 413 | 431; certain: boolean } | null {
  const headerLines = Object.entries(request.headers).reduce((bytes, [name, value]) => bytes + Buffer.byteLength(`${name}: ${value}\r\n`), 0);
  const head = Buffer.byteLength(`${request.method} ${request.target} HTTP/1.1\r\n`) + headerLines;
  if (head > maxHeaderSize - HEAD_SLACK) return { status: 431, certain: head > maxHeaderSize + HEAD_SLACK };
  const textBody = request.body !== undefined && !request.headers['content-type'].startsWith('multipart/');
  if (textBody && Buffer.byteLength(request.body as string) > BODY_LIMIT) return { status: 413, certain: false };
  return null;
}

/** The connection closed under a request still being sent: reset by the peer, or the client's write after the peer's close. */
const CLOSED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const networkErrorCode = (error: unknown): string | undefined => ((error as { cause?: { code?: unknown } }).cause?.code as string | undefined) ?? undefined;

const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** Values of every JSON type, with the strings an attacker tries first. */
const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '${7*7}',
    '__proto__',
    'constructor',
    'NaN',
    '-1',
    '1e309',
    '9'.repeat(40),
    'я'.repeat(300),
  ),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);
const hostileValue = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 3, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, [], {}) },
);

/** A body as raw text: some well-formed objects with the route's own fields, some outright attacks. */
const bodyFor = (operation: Operation) => {
  const knownKey = operation.bodyFields.length > 0 ? fc.constantFrom(...operation.bodyFields) : fc.string({ maxLength: 12 });
  const fields = fc.dictionary(
    fc.oneof(knownKey, knownKey, fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId'), fc.string({ maxLength: 12 })),
    hostileValue,
    { maxKeys: 8 },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        deepJson(5000),
        deepJson(64),
        `[${deepJson(40)}]`,
        '{"__proto__":{"isAdmin":true,"group":"admin"}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"email": "a@b.c", "password": ',
        'null',
        '"just a string"',
        `{"x":"${'a'.repeat(900 * 1024)}"}`,
        `{"x":"${'a'.repeat(BODY_LIMIT)}"}`,
        `[${'1,'.repeat(100_000)}1]`,
      ),
    },
  );
};

const pathParam = fc.oneof(
  fc.constantFrom(
    '20',
    '1',
    '0',
    '-1',
    '1.5',
    '99999999999999999999',
    'abc',
    '00000000-0000-0000-0000-000000000000',
    'NaN',
    '%2e%2e%2f',
    '%00',
    encodeURIComponent('я'.repeat(50)),
  ),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ minLength: 2000, maxLength: 4000 }).map(encodeURIComponent),
);

const queryFor = (operation: Operation) => {
  const key = operation.queryFields.length > 0 ? fc.oneof(fc.constantFrom(...operation.queryFields), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  return fc
    .array(fc.tuple(fc.oneof(key, fc.constantFrom('__proto__', 'constructor[prototype]', 'a[b][c]')), hostileString), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
};

describe('the edge under random and hostile input (fast-check over the OpenAPI document)', () => {
  let db: ScratchDatabase;
  let shikimori: FakeShikimori;
  let redis: Redis;
  let keyPrefix: string;
  const services: RunningApp[] = [];
  let gateway: Awaited<ReturnType<typeof startGatewayProcess>>;
  let api: ApiClient;
  let tokens: Array<string | undefined>;
  let user: RegisteredUser;
  let operations: Operation[];

  /** Every row of every service table, hashed: what "nothing written" is checked against. */
  let tables: string[] = [];
  const fingerprint = async (): Promise<Record<string, string>> => {
    const [row] = await db.query(
      `SELECT ${tables.map((table, index) => `(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM ${table} t) AS t${index}`).join(', ')}`,
    );
    return Object.fromEntries(tables.map((table, index) => [table, row[`t${index}`] as string]));
  };
  const changedTables = (before: Record<string, string>, after: Record<string, string>) => tables.filter((table) => before[table] !== after[table]);
  /** Jobs still queued or running in any BullMQ queue of this run (events, metadata sync, posters). */
  const pendingJobs = async (): Promise<number> => {
    let pending = 0;
    for await (const keys of redis.scanStream({ match: `${keyPrefix}*`, count: 1000 })) {
      for (const key of keys as string[]) {
        if (/:(wait|active|paused)$/.test(key)) pending += await redis.llen(key);
        else if (/:(delayed|prioritized)$/.test(key)) pending += await redis.zcard(key);
      }
    }
    return pending;
  };
  const unrelayedEvents = async (): Promise<number> => {
    const outboxes = tables.filter((table) => table.endsWith('.outbox'));
    const [row] = await db.query(`SELECT ${outboxes.map((table) => `(SELECT count(*) FROM ${table} WHERE relayed_at IS NULL)`).join(' + ')} AS n`);
    return Number(row.n);
  };
  /** Waits until the background work an accepted write started (relay, consumers, jobs) is done. */
  const settled = async (): Promise<Record<string, string>> => {
    let previous = await fingerprint();
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const current = await fingerprint();
      const quiet = (await unrelayedEvents()) === 0 && (await pendingJobs()) === 0;
      if (quiet && changedTables(previous, current).length === 0) return current;
      previous = current;
    }
    return previous;
  };

  beforeAll(async () => {
    keyPrefix = ownRedisPrefix('fuzz').REDIS_KEY_PREFIX;
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    shikimori = await startFakeShikimori();
    db = await createScratchDatabase();
    const env: Env = {
      REDIS_KEY_PREFIX: keyPrefix,
      DATABASE_URL: db.url,
      ...RELAXED_AUTH_LIMITS,
      ...RELAXED_GATEWAY_LIMITS,
      LOG_LEVEL: 'fatal',
      // Shikimori is the edge of the world: a fake that speaks its API, with budgets the fuzz cannot exhaust.
      SHIKIMORI_URL: shikimori.url,
      SHIKIMORI_RPS: '10000',
      SHIKIMORI_RPM: '1000000',
      METADATA_JOB_ATTEMPTS: '1',
      MEDIA_DIR: mkdtempSync(join(tmpdir(), 'portal-fuzz-media-')),
    };
    services.push(await startCatalogueService(env));
    services.push(await startAuthService(env));
    services.push(await startCommunityService(env));
    services.push(await startChatService({ ...env, CHAT_RATE_LIMIT_MESSAGES: '100000' }));
    services.push(await startModerationService(env));
    // The real rewards service: its routes (cards) are fuzzed too; no ffmpeg loops, card files in a folder of the run's own.
    services.push(await startRewardsService({ ...env, CARD_VIDEOS: 'false' }));
    gateway = await startGatewayProcess(env, await freePort());
    api = apiClient(gateway.url);
    user = await registerUser(api, 'fuzz');
    const admin = await registerUser(api, 'fuzzadm');
    await db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
    tokens = [undefined, user.token, admin.token, 'not.a.token'];
    operations = operationsOf((await api.get<OpenApiDocument>('/api/docs.json')).body);
    tables = (
      await db.query<{ name: string }>(
        // Not the transport's applied_calls record: any write call that commits a transaction adds to it.
        `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables WHERE schemaname = ANY($1) AND relname <> 'applied_calls' ORDER BY 1`,
        [SCHEMAS],
      )
    ).map((row) => row.name);
  }, 120_000);

  afterAll(async () => {
    await gateway?.kill();
    for (const app of services.reverse()) await app.close();
    await db?.drop();
    await shikimori?.close();
    redis?.disconnect();
  });

  it('reads every route from the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((operation) => WRITE_METHODS.has(operation.method)).length).toBeGreaterThan(15);
  });

  it('answers every request below 500, keeps the gateway up, and changes nothing when it refuses a write', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let closedBeforeTheBody = 0;
    let before: Record<string, string> | null = await settled();
    for (const operation of operations) {
      const request = fc.record({
        params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
        query: queryFor(operation),
        body: bodyFor(operation),
        token: fc.constantFrom(...tokens),
        contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'multipart/form-data'),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body, token, contentType }) => {
          let index = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => params[index++ % params.length]);
          const write = WRITE_METHODS.has(operation.method);
          // A read may refresh a cached copy (the community's title references): look again before a write.
          if (write && before === null) before = await fingerprint();
          const sent = {
            method: operation.method.toUpperCase(),
            target: `${path}${query ? `?${query}` : ''}`,
            headers: { 'content-type': contentType, ...(token && { authorization: `Bearer ${token}` }) },
            body: write ? body : undefined,
          };
          const where = `${sent.method} ${path.slice(0, 120)}`;
          const refusal = refusedBeforeTheBody(sent);
          // One try, no retry: a connection that fails under any other request is a failure of the gateway.
          const answer = await fetch(`${gateway.url}${sent.target}`, { method: sent.method, headers: sent.headers, body: sent.body }).then(
            async (response) => ({ status: response.status, text: await response.text() }),
            (error: Error) => ({ status: null, text: `${error.message}: ${String((error as { cause?: unknown }).cause)}`, code: networkErrorCode(error) }),
          );
          if (!gateway.alive()) throw new Error(`the gateway exited after ${where}`);
          if (answer.status === null) {
            // Closed while the body was still on its way: only when the gateway refused the request before reading it.
            const accepted = refusal !== null && sent.body !== undefined && 'code' in answer && CLOSED_CONNECTION_CODES.has(answer.code ?? '');
            if (!accepted) failures.push(`${where} → no answer (${answer.text.slice(0, 200)})`);
            else closedBeforeTheBody += 1;
          } else {
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status >= 500) failures.push(`${where} → ${answer.status} ${answer.text.slice(0, 200)}`);
            else if (refusal?.certain && answer.status !== refusal.status)
              failures.push(`${where} → ${answer.status}, not ${refusal.status}: its head is over the header limit`);
          }
          if (!write) {
            before = null;
            return;
          }
          if (answer.status === null || answer.status >= 400) {
            const changed = changedTables(before as Record<string, string>, await fingerprint());
            if (changed.length > 0) {
              failures.push(`${where} → ${answer.status ?? 'closed'} but ${changed.join(', ')} changed`);
              before = await settled();
            }
          } else {
            before = await settled();
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    process.stdout.write(`edge fuzz: ${JSON.stringify(Object.fromEntries(statuses))}, ${closedBeforeTheBody} closed before the body was read\n`);
    expect(failures).toEqual([]);
    // The input reached the rules, not only the doors: most requests were refused as invalid, some passed.
    expect(statuses.get(400)).toBeGreaterThan(operations.length * RUNS_PER_ROUTE * 0.2);
    expect([...statuses].filter(([status]) => status < 300).length).toBeGreaterThan(0);
    expect(gateway.alive()).toBe(true);
    expect((await api.get('/api/health')).status).toBe(200);
  }, 900_000);

  it('let no prototype key or extra field grant a role', async () => {
    const [row] = await db.query('SELECT is_admin, user_group FROM auth.users WHERE id = $1', [user.id]);
    expect(row).toEqual({ is_admin: false, user_group: 'user' });
    // The services run in this process: a polluted Object.prototype would show here.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

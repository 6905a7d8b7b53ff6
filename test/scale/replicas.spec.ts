import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { gatewayEnvSchema, loadConfig } from '@portal/config';
import { LIST_STATUSES, type ServiceName } from '@portal/contracts';
import { apiClient, solveCaptcha, waitFor } from '@portal/testing';
import { registerUser, type RegisteredUser, STRONG_PASSWORD, uniqueDigits, uniqueEmail, uniqueName } from '../auth/auth-test-kit';
import { type PortalCluster, type PortalProcess, startPortalProcesses } from '../support/portal-processes';
import { BROWSER_USER_AGENT as BROWSER } from '../support/socket-clients';

/**
 * Issue #15, the multi-replica proof: two replicas of every service and two gateways, each its own OS
 * process from dist/ (as `npm start` runs them), on one database and one Redis. Requests travel over
 * one stream per service read by a consumer group, so each runs on exactly one replica; a replica
 * killed while it holds requests has its reads run again elsewhere and its writes never run twice.
 */
jest.setTimeout(600_000);

/** The gateway's deadline of a call to a service (its default: the processes run with it). */
const DEADLINE_MS = loadConfig(gatewayEnvSchema, { REDIS_URL: 'redis://unused', JWT_SECRET: 'x'.repeat(32) }).RPC_TIMEOUT_MS;
/**
 * What an HTTP answer may take beyond the call's deadline on a loaded 2-core machine (the edge's own
 * work, queueing). The deadline itself is the gateway's (past it the call is answered 503); this bound
 * only catches a request left hanging. 14 processes and the test on 2 cores queued 2.2 s once.
 */
const EDGE_SLACK_MS = 4000;
/** One comment per second per user (COMMENT_RATE_SECONDS=1): a user's next post waits this long after the last answer. */
const COMMENT_GAP_MS = 1100;
/** The issue's figure: sockets of a killed gateway are back on another within 6 s (p95). */
const RECONNECT_P95_MS = 6000;

interface Answer {
  status: number;
  body: any;
  startedAt: number;
  answeredAt: number;
  ms: number;
  /** Why there was no HTTP answer at all (status 0). */
  error?: string;
}

interface Call {
  kind: string;
  /** A write of the service that owns it (checked in the database and in the logs). */
  write?: { service: ServiceName };
  /** Calls of one key run one after another, in list order (a user's posts, a list entry's updates). */
  key?: string;
  /** Waits this long after the previous call of its key was answered. */
  gapMs?: number;
  method: 'GET' | 'POST' | 'PUT';
  path: string | (() => string);
  body?: unknown | (() => unknown);
  token?: string;
  /** Sees the answer before the next call of its key starts (a captcha before its registration). */
  then?: (answer: Answer) => void;
}

interface Outcome extends Answer {
  call: Call;
  requestId: string;
  gateway: number;
}

async function send(baseUrl: string, call: Call, requestId: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-request-id': requestId };
  const body = typeof call.body === 'function' ? (call.body as () => unknown)() : call.body;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const path = typeof call.path === 'function' ? call.path() : call.path;
  const startedAt = Date.now();
  try {
    const response = await fetch(new URL(path, baseUrl), {
      method: call.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // Far past any deadline: a request still unanswered then is reported, not waited for forever.
      signal: AbortSignal.timeout(DEADLINE_MS + 30_000),
    });
    const text = await response.text();
    const answeredAt = Date.now();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, startedAt, answeredAt, ms: answeredAt - startedAt };
  } catch (error) {
    const answeredAt = Date.now();
    return { status: 0, body: null, startedAt, answeredAt, ms: answeredAt - startedAt, error: String(error) };
  }
}

/**
 * Runs the calls with at most `concurrency` in flight, through the gateways in turn (call i through
 * gateway i mod M); calls sharing a key run in list order.
 */
async function runCalls(calls: Call[], gateways: string[], concurrency: number, onAnswer?: (outcome: Outcome) => void): Promise<Outcome[]> {
  let active = 0;
  const queue: (() => void)[] = [];
  const acquire = () => (active < concurrency ? (active++, Promise.resolve()) : new Promise<void>((resolve) => queue.push(resolve)));
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  const chains = new Map<string, Promise<void>>();
  return Promise.all(
    calls.map((call, index) => {
      const previous = call.key ? chains.get(call.key) : undefined;
      const run = (async (): Promise<Outcome> => {
        if (previous) {
          await previous;
          if (call.gapMs) await sleep(call.gapMs);
        }
        await acquire();
        try {
          const gateway = index % gateways.length;
          const requestId = `scale-${randomUUID()}`;
          const answer = await send(gateways[gateway], call, requestId);
          call.then?.(answer);
          const outcome = { ...answer, call, requestId, gateway };
          onAnswer?.(outcome);
          return outcome;
        } finally {
          release();
        }
      })();
      if (call.key)
        chains.set(
          call.key,
          run.then(() => undefined),
        );
      return run;
    }),
  );
}

/** Takes one call of each list in turn, so the kinds are mixed all through the run. */
function interleave(lists: Call[][]): Call[] {
  const mixed: Call[] = [];
  const longest = Math.max(...lists.map((list) => list.length));
  for (let index = 0; index < longest; index++) for (const list of lists) if (index < list.length) mixed.push(list[index]);
  return mixed;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const print = (line: string) => process.stdout.write(`${line}\n`);
const describeFailures = (outcomes: Outcome[]) =>
  outcomes
    .slice(0, 10)
    .map((outcome) => `${outcome.call.kind} ${outcome.status}${outcome.error ? ` ${outcome.error}` : ''} ${JSON.stringify(outcome.body)?.slice(0, 200)}`)
    .join('\n');

describe('the portal with two replicas of every service and two gateways (issue #15)', () => {
  let cluster: PortalCluster;
  let gatewayUrls: string[];
  let redis: Redis;
  let users: RegisteredUser[];
  let titles: { id: number; episodes: number }[];
  const sockets: Socket[] = [];
  // Digits only: the comment texts must pass the bad-word mask unchanged.
  const tag = uniqueDigits();

  beforeAll(async () => {
    const booting = Date.now();
    cluster = await startPortalProcesses({ name: 'scale' });
    print(`booted ${cluster.all.length} processes (${cluster.all.map((child) => child.name).join(', ')}) in ${((Date.now() - booting) / 1000).toFixed(1)} s`);
    gatewayUrls = cluster.gateways.map((gateway) => gateway.url);
    redis = new Redis(process.env.REDIS_URL!);
    titles = await cluster.db.query(`SELECT id, episodes FROM catalogue.anime WHERE NOT adult AND episodes > 1 ORDER BY id LIMIT 40`);
    expect(titles).toHaveLength(40);
    users = await Promise.all(Array.from({ length: 10 }, (_, index) => registerUser(apiClient(gatewayUrls[index % gatewayUrls.length]), 'scale')));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    redis?.disconnect();
    await cluster?.stop();
  });

  /** How many messages each process has handled so far. */
  const handledCounts = () => new Map(cluster.all.map((child) => [child.name, child.handled.length]));
  const sharesSince = (before: Map<string, number>, service: ServiceName) =>
    cluster.replicas(service).map((replica) => ({ name: replica.name, handled: replica.handled.length - (before.get(replica.name) ?? 0) }));
  /** The processes of `service` that logged handling the request `requestId`, once per handling. */
  const handlersOf = (service: ServiceName, requestId: string) =>
    cluster.replicas(service).flatMap((replica) => replica.handled.filter((line) => line.requestId === requestId).map(() => replica.name));

  it('answers 1,000 mixed requests through both gateways, applies each write exactly once, and every replica takes a share', async () => {
    const statuses = LIST_STATUSES.filter((status) => status !== 'rewatching');
    const registrations = Array.from({ length: 12 }, (_, n) => ({ username: uniqueName('scalereg'), email: uniqueEmail('scalereg'), n }));
    const captchas = new Map<number, { captchaId: string; captchaAnswer: number }>();
    const finalStatus = new Map<string, string>();
    const finalPosition = new Map<string, number>();
    const commentTexts: string[] = [];

    const registering: Call[] = registrations.flatMap(({ username, email, n }): Call[] => [
      {
        kind: 'captcha',
        key: `register:${n}`,
        method: 'GET',
        path: '/api/auth/captcha',
        then: (answer) =>
          answer.status === 200 && captchas.set(n, { captchaId: answer.body.data.captchaId, captchaAnswer: solveCaptcha(answer.body.data.question) }),
      },
      {
        kind: 'register',
        write: { service: 'auth' },
        key: `register:${n}`,
        method: 'POST',
        path: '/api/auth/register',
        body: () => ({ username, email, password: STRONG_PASSWORD, ...captchas.get(n), agreement: true }),
      },
    ]);
    const catalogueLists: Call[] = Array.from({ length: 150 }, (_, n) => ({
      kind: 'catalogue list',
      method: 'GET',
      path: `/api/anime?page=${1 + (n % 5)}&limit=${[10, 20][n % 2]}&sort=${['popularity', 'score', 'year', 'title', 'new'][Math.floor(n / 10) % 5]}`,
    }));
    const catalogueGets: Call[] = Array.from({ length: 150 }, (_, n) => ({
      kind: 'catalogue get',
      method: 'GET',
      path: `/api/anime/${titles[n % titles.length].id}`,
    }));
    const stats: Call[] = Array.from({ length: 76 }, (_, n) => ({
      kind: 'title stats',
      method: 'GET',
      path: `/api/anime/${titles[n % titles.length].id}/stats`,
    }));
    const listReads: Call[] = Array.from({ length: 120 }, (_, n) => ({
      kind: "a user's list",
      method: 'GET',
      path: `/api/users/profile/${users[n % users.length].username}/anime`,
    }));
    const progressReads: Call[] = Array.from({ length: 120 }, (_, n) => ({
      kind: 'progress get',
      method: 'GET',
      path: `/api/progress?animeId=${titles[n % 7].id}&episode=1`,
      token: users[n % users.length].token,
    }));
    // 30 entries (10 users × 3 titles), 4 updates each, in order per entry.
    const listUpdates: Call[] = Array.from({ length: 120 }, (_, n) => {
      const user = users[n % 10];
      const title = titles[10 + (Math.floor(n / 10) % 3)];
      const status = statuses[(n + Math.floor(n / 30)) % statuses.length];
      finalStatus.set(`${user.id}:${title.id}`, status);
      return {
        kind: 'list update',
        write: { service: 'community' },
        key: `list:${user.id}:${title.id}`,
        method: 'PUT',
        path: '/api/users/anime/status',
        body: { animeId: title.id, status },
        token: user.token,
      };
    });
    // 70 positions (10 users × 7 titles, episode 1), 2 saves each, in order per position.
    const progressSaves: Call[] = Array.from({ length: 140 }, (_, n) => {
      const user = users[n % 10];
      const title = titles[Math.floor(n / 10) % 7];
      const position = 60 + n;
      finalPosition.set(`${user.id}:${title.id}`, position);
      return {
        kind: 'progress save',
        key: `progress:${user.id}:${title.id}`,
        method: 'POST',
        path: '/api/progress',
        body: { animeId: title.id, episode: 1, position },
        token: user.token,
      };
    });
    // 100 comments (10 per user), each text unique.
    const comments: Call[] = Array.from({ length: 100 }, (_, n) => {
      const user = users[n % 10];
      const content = `replicas ${tag} mixed ${n}`;
      commentTexts.push(content);
      return {
        kind: 'comment post',
        write: { service: 'community' },
        key: `comment:${user.id}`,
        gapMs: COMMENT_GAP_MS,
        method: 'POST',
        path: '/api/comments',
        body: { animeId: titles[20 + (n % 5)].id, content },
        token: user.token,
      };
    });
    const calls = interleave([registering, catalogueLists, catalogueGets, stats, listReads, progressReads, listUpdates, progressSaves, comments]);
    expect(calls).toHaveLength(1000);

    const before = handledCounts();
    const requestsBefore = cluster.gateways.map((gateway) => gateway.requests);
    const started = Date.now();
    const outcomes = await runCalls(calls, gatewayUrls, 16);
    const elapsed = Date.now() - started;

    // Every request answered, as expected.
    const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    if (failed.length > 0) print(`unexpected answers:\n${describeFailures(failed)}`);
    expect(failed).toHaveLength(0);

    // Each write applied exactly once: the rows say so…
    const registered = await cluster.db.query('SELECT username FROM auth.users WHERE username = ANY($1)', [
      registrations.map((registration) => registration.username),
    ]);
    expect(registered.map((row) => row.username).sort()).toEqual(registrations.map((registration) => registration.username).sort());
    const stored = await cluster.db.query<{ content: string; copies: number }>(
      'SELECT content, count(*)::int AS copies FROM community.comments WHERE content LIKE $1 GROUP BY content',
      [`replicas ${tag} mixed %`],
    );
    expect(stored.map((row) => row.content).sort()).toEqual([...commentTexts].sort());
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    const entries = await cluster.db.query<{ user_id: string; anime_id: number; status: string }>(
      'SELECT user_id, anime_id, status FROM community.list_entries WHERE user_id = ANY($1)',
      [users.map((user) => user.id)],
    );
    expect(new Map(entries.map((entry) => [`${entry.user_id}:${entry.anime_id}`, entry.status]))).toEqual(finalStatus);
    const positions = await cluster.db.query<{ user_id: string; anime_id: number; position: number }>(
      'SELECT user_id, anime_id, position FROM community.progress WHERE user_id = ANY($1) AND episode = 1',
      [users.map((user) => user.id)],
    );
    expect(new Map(positions.map((row) => [`${row.user_id}:${row.anime_id}`, row.position]))).toEqual(finalPosition);
    // …and so do the logs: one replica of the owning service handled each write, once.
    const writes = outcomes.filter((outcome) => outcome.call.write);
    const handlings = await waitFor(async () => {
      const seen = writes.map((outcome) => ({ outcome, by: handlersOf(outcome.call.write!.service, outcome.requestId) }));
      return seen.every(({ by }) => by.length > 0) ? seen : null;
    }, 10_000);
    expect(handlings.filter(({ by }) => by.length !== 1).map(({ outcome, by }) => ({ kind: outcome.call.kind, by }))).toEqual([]);

    // Both replicas of each service the requests reached took a share; each gateway answered every
    // other request (its `request` log lines may trail the answers a little).
    await waitFor(async () => cluster.gateways.every((gateway, index) => gateway.requests - requestsBefore[index] >= 500), 10_000);
    const shares = Object.fromEntries(
      (['auth', 'catalogue', 'community', 'chat', 'moderation', 'rewards'] as const).map((service) => [service, sharesSince(before, service)]),
    );
    const gatewayShares = cluster.gateways.map((gateway, index) => ({ name: gateway.name, answered: gateway.requests - requestsBefore[index] }));
    const byKind = new Map<string, number[]>();
    for (const outcome of outcomes) byKind.set(outcome.call.kind, [...(byKind.get(outcome.call.kind) ?? []), outcome.ms]);
    print(`1,000 mixed requests in ${(elapsed / 1000).toFixed(1)} s (${Math.round((1000 * 1000) / elapsed)} req/s, 16 in flight)`);
    print(
      `  latency ms: p50 ${percentile(
        outcomes.map((o) => o.ms),
        50,
      )}, p95 ${percentile(
        outcomes.map((o) => o.ms),
        95,
      )}, max ${Math.max(...outcomes.map((o) => o.ms))}`,
    );
    for (const [kind, times] of byKind)
      print(`    ${kind.padEnd(15)} ×${String(times.length).padStart(3)}  p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms`);
    print(`  gateways: ${gatewayShares.map((share) => `${share.name} answered ${share.answered}`).join(', ')}`);
    for (const [service, replicas] of Object.entries(shares))
      print(`  ${service.padEnd(10)} messages handled: ${replicas.map((replica) => `${replica.name} ${replica.handled}`).join(', ')}`);
    print(
      `  writes checked: ${registrations.length} registrations, ${commentTexts.length} comments, ${finalStatus.size} list entries (120 updates), ${finalPosition.size} positions (140 saves)`,
    );

    for (const service of ['auth', 'catalogue', 'community'] as const) {
      for (const replica of shares[service])
        expect({ replica: replica.name, tookAShare: replica.handled > 0 }).toEqual({ replica: replica.name, tookAShare: true });
    }
  });

  it('loses no write and runs none twice when a community replica is SIGKILLed under load; held reads are answered by the survivor', async () => {
    const stream = `${cluster.keyPrefix}rpc:community`;
    const [victim, survivor] = cluster.replicas('community');
    // More authors, so more comment posts are in flight at any moment (each may post once a second).
    const authors = [...users, ...(await Promise.all(Array.from({ length: 30 }, (_, index) => registerUser(apiClient(gatewayUrls[index % 2]), 'chaos'))))];
    const texts = new Map<Call, string>();
    const comments: Call[] = Array.from({ length: authors.length * 12 }, (_, n) => {
      const author = authors[n % authors.length];
      const content = `replicas ${tag} chaos ${n}`;
      const call: Call = {
        kind: 'comment post',
        write: { service: 'community' },
        key: `comment:${author.id}`,
        gapMs: COMMENT_GAP_MS,
        method: 'POST',
        path: '/api/comments',
        body: { animeId: titles[30 + (n % 5)].id, content },
        token: author.token,
      };
      texts.set(call, content);
      return call;
    });
    const reads: Call[] = Array.from({ length: 720 }, (_, n): Call => {
      const reader = authors[n % authors.length];
      return [
        { kind: 'comments list', method: 'GET' as const, path: `/api/anime/${titles[30 + (n % 5)].id}/comments?limit=5` },
        { kind: "a user's list", method: 'GET' as const, path: `/api/users/profile/${reader.username}/anime` },
        { kind: 'progress get', method: 'GET' as const, path: `/api/progress?animeId=${titles[n % 7].id}`, token: reader.token },
      ][n % 3];
    });
    const calls = interleave([comments, reads]);

    let answered = 0;
    const load = runCalls(calls, gatewayUrls, 24, () => (answered += 1));

    // Once the load runs, find the victim's consumer of the community stream, to see what it holds.
    await waitFor(async () => answered >= 100, 120_000, 20);
    const consumer = await waitFor(
      async () => {
        const consumers = (await redis.xinfo('CONSUMERS', stream, 'handlers')) as unknown[][];
        const names = consumers.map((fields) => String(fields[fields.indexOf('name') + 1]));
        return names.find((name) => name.startsWith(victim.consumerPrefix));
      },
      10_000,
      20,
    );
    const heldEntries = async () => {
      const pending = (await redis.xpending(stream, 'handlers', '-', '+', 100, consumer)) as [string, string, number, number][];
      const entries = await Promise.all(pending.map(([entryId]) => redis.xrange(stream, entryId, entryId)));
      return entries.flatMap((found) =>
        found.map(([, fields]) => {
          const field = (name: string) => fields[fields.indexOf(name) + 1];
          return { callId: field('id'), requestId: String(JSON.parse(field('body')).meta.requestId), pattern: field('pattern'), kind: field('kind') };
        }),
      );
    };
    // Aim for the hardest moment: the victim holds reads and a write whose transaction has committed
    // but whose answer is not out yet (its outcome is then unknown to whoever takes it over); after
    // four seconds, a read will do; after eight, whatever it holds.
    const database = new Client({ connectionString: cluster.db.url });
    await database.connect();
    const aimedFrom = Date.now();
    let aimedAt = 'nothing (the load had ended)';
    try {
      while (answered < calls.length) {
        const entries = await heldEntries();
        const writes = entries.filter((entry) => entry.kind === 'write');
        const readCount = entries.length - writes.length;
        const committed =
          writes.length > 0 &&
          (await database.query('SELECT 1 FROM community.applied_calls WHERE call_id = ANY($1::uuid[])', [writes.map((entry) => entry.callId)])).rowCount! > 0;
        const waited = Date.now() - aimedFrom;
        if ((committed && readCount > 0) || (waited > 4000 && readCount > 0) || (waited > 8000 && entries.length > 0)) {
          aimedAt = `${readCount} read(s) and ${writes.length} write(s)${committed ? ', a committed one not answered yet' : ''}`;
          break;
        }
      }
    } finally {
      await database.end();
    }
    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    // Its pending entries stay its own until its liveness key expires: read them before the survivor takes them.
    const held = await heldEntries();
    const outcomes = await load;
    const loadEnded = Date.now();

    const heldIds = new Map(held.map((entry) => [entry.requestId, entry]));
    const heldOutcomes = outcomes.filter((outcome) => heldIds.has(outcome.requestId));
    // Every request answered, within its deadline.
    const unanswered = outcomes.filter((outcome) => outcome.status === 0);
    if (unanswered.length > 0) print(`unanswered:\n${describeFailures(unanswered)}`);
    expect(unanswered).toHaveLength(0);
    const late = outcomes.filter((outcome) => outcome.ms > DEADLINE_MS + EDGE_SLACK_MS);
    if (late.length > 0) print(`answered after the deadline:\n${late.map((outcome) => `${outcome.call.kind} ${outcome.status} ${outcome.ms} ms`).join('\n')}`);
    expect(late).toHaveLength(0);
    // A 503 only for a write the killed replica held (its outcome unknown); everything else succeeded.
    const notOk = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    const excused = (outcome: Outcome) => outcome.status === 503 && outcome.call.write !== undefined && heldIds.get(outcome.requestId)?.kind === 'write';
    const unexcused = notOk.filter((outcome) => !excused(outcome));
    if (unexcused.length > 0) print(`failed beyond the held writes:\n${describeFailures(unexcused)}`);
    expect(unexcused).toHaveLength(0);

    // No comment stored twice; every comment whose POST succeeded is stored.
    const stored = await cluster.db.query<{ content: string; copies: number }>(
      'SELECT content, count(*)::int AS copies FROM community.comments WHERE content LIKE $1 GROUP BY content',
      [`replicas ${tag} chaos %`],
    );
    expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
    const storedTexts = new Set(stored.map((row) => row.content));
    const posted = outcomes.filter((outcome) => texts.has(outcome.call) && outcome.status === 201);
    expect(posted.filter((outcome) => !storedTexts.has(texts.get(outcome.call)!)).map((outcome) => texts.get(outcome.call))).toEqual([]);
    // The survivor now holds nothing of the dead replica's: every entry was taken over and settled.
    await waitFor(async () => (await heldEntries()).length === 0, 30_000);

    const heldReads = heldOutcomes.filter((outcome) => !outcome.call.write);
    const heldWrites = heldOutcomes.filter((outcome) => outcome.call.write);
    const unknown = heldWrites.filter((outcome) => outcome.status === 503);
    const unknownStored = unknown.filter((outcome) => storedTexts.has(texts.get(outcome.call)!)).length;
    const rerunBySurvivor = heldOutcomes.filter((outcome) => survivor.handled.some((line) => line.requestId === outcome.requestId)).length;
    const afterKill = outcomes.filter((outcome) => outcome.answeredAt > killedAt);
    const recoveredAt = Math.max(killedAt, ...heldOutcomes.map((outcome) => outcome.answeredAt));
    print(
      `chaos: ${outcomes.length} requests (${comments.length} comment posts by ${authors.length} users, ${reads.length} reads) through 2 gateways, 24 in flight, ${((loadEnded - outcomes[0].startedAt) / 1000).toFixed(1)} s`,
    );
    print(
      `  SIGKILLed ${victim.name} (pid ${victim.pid}) when it held ${aimedAt}; right after the kill it held ${held.length}: ${heldReads.length} read(s), ${heldWrites.length} write(s)`,
    );
    for (const outcome of heldOutcomes) {
      const entry = heldIds.get(outcome.requestId)!;
      const rerun = survivor.handled.some((line) => line.requestId === outcome.requestId);
      const rows = texts.has(outcome.call) ? ` (stored ${stored.find((row) => row.content === texts.get(outcome.call))?.copies ?? 0}×)` : '';
      print(
        `    ${entry.pattern} (${entry.kind}, sent ${Math.abs(killedAt - outcome.startedAt)} ms ${outcome.startedAt <= killedAt ? 'before' : 'after'} the kill): ${rerun ? `run again by ${survivor.name}` : 'not run again'}, answered ${outcome.status}${rows} ${outcome.answeredAt - killedAt} ms after the kill`,
      );
    }
    print(
      `  retried: ${rerunBySurvivor} held request(s) run again by ${survivor.name} (reads answered ${heldReads.filter((outcome) => outcome.status === 200).length}/${heldReads.length}, writes answered 201 ${heldWrites.filter((outcome) => outcome.status === 201).length}/${heldWrites.length})`,
    );
    print(
      `  failed: ${notOk.length} request(s): held writes answered 503 «outcome unknown» (${unknownStored} committed before the kill, ${unknown.length - unknownStored} not), nothing else; ${afterKill.length} requests answered after the kill`,
    );
    print(
      `  time to recover (kill → last held request answered): ${recoveredAt - killedAt} ms; slowest answer ${Math.max(...outcomes.map((outcome) => outcome.ms))} ms (deadline ${DEADLINE_MS} ms)`,
    );
    print(`  comments stored: ${stored.length}, none twice; every one of the ${posted.length} answered 201 is stored`);
  });

  it('reconnects the sockets of a SIGKILLed gateway to the other one (p95 within 6 s)', async () => {
    const [doomed, other] = cluster.gateways;
    const urls = [doomed.url, other.url];
    /** A browser's socket as the web client opens it (SPEC: first delay 1 s, max 5 s, jitter 0.5), that knows both gateways. */
    const open = (start: number, clientId: string) => {
      let at = start;
      const socket = io(urls[at], {
        path: '/socket.io/',
        transports: ['websocket'],
        auth: { clientId },
        extraHeaders: { 'user-agent': BROWSER },
        reconnection: true,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 5000,
        randomizationFactor: 0.5,
        timeout: 20_000,
        forceNew: true,
      });
      // Each new attempt goes to the next gateway, as a load balancer would send it to a live one.
      socket.io.on('reconnect_attempt', () => {
        at = (at + 1) % urls.length;
        (socket.io as unknown as { uri: string }).uri = urls[at];
      });
      sockets.push(socket);
      return { socket, gateway: () => urls[at] };
    };
    const onDoomed = Array.from({ length: 40 }, (_, n) => open(0, `scale-doomed-${tag}-${n}`));
    const onOther = Array.from({ length: 10 }, (_, n) => open(1, `scale-other-${tag}-${n}`));
    await waitFor(async () => [...onDoomed, ...onOther].every(({ socket }) => socket.connected), 30_000, 50);
    let otherDropped = 0;
    for (const { socket } of onOther) socket.on('disconnect', () => (otherDropped += 1));
    let killedAt = 0;
    const times: { lostAfter: number; backAfter: number }[] = [];
    for (const { socket } of onDoomed) {
      socket.once('disconnect', () => {
        const lostAfter = Date.now() - killedAt;
        socket.once('connect', () => times.push({ lostAfter, backAfter: Date.now() - killedAt }));
      });
    }

    killedAt = Date.now();
    await doomed.kill('SIGKILL');
    await waitFor(async () => times.length === onDoomed.length, 60_000, 20).catch(() => {
      throw new Error(`${onDoomed.length - times.length} of ${onDoomed.length} sockets did not reconnect within 60 s`);
    });

    const back = times.map((time) => time.backAfter);
    const p95 = percentile(back, 95);
    print(
      `gateway kill: ${onDoomed.length} sockets on ${doomed.name} reconnected to ${other.name}: p50 ${percentile(back, 50)} ms, p95 ${p95} ms, max ${Math.max(...back)} ms after the kill (drop noticed within ${Math.max(...times.map((time) => time.lostAfter))} ms); the ${onOther.length} on ${other.name} dropped ${otherDropped} times`,
    );
    expect(onDoomed.every(({ socket, gateway }) => socket.connected && gateway() === other.url)).toBe(true);
    expect(otherDropped).toBe(0);
    expect(p95).toBeLessThanOrEqual(RECONNECT_P95_MS);
  });

  it('kept every process it did not kill running through all of it', () => {
    const killed = cluster.all.filter((child: PortalProcess) => !child.alive()).map((child) => child.name);
    expect(killed.sort()).toEqual(['community#1', 'gateway#1']);
  });
});

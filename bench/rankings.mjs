#!/usr/bin/env node
// `npm run bench:rankings`: GET /api/users/rankings through the gateway on a portal with 100,000 users
// and 5,000,000 list rows, against the naive answer (a count per user over the list rows) measured
// in the same run on the same database.
// Starts community and gateway from dist/ as separate processes (like `npm start`) on a scratch
// database (the community migrates it), seeds it with SQL (generate_series: users, titles, list rows
// with scores, comment and quiz counters), builds the read model with the migration's own backfill,
// then measures, one request at a time: the boards for a guest, for a signed-in viewer in the middle of
// the anime board and for one at its bottom (the most rows counted for an own place), the title
// rankings; then req/s with BENCH_CONNECTIONS connections; then, at the database alone, the read
// model's statements against the naive query (top 100 by completed titles and the viewer's place,
// counted from list_entries), both for the bottom viewer on one kept connection.
// Environment: BENCH_USERS (100000), BENCH_LIST_ROWS (5000000), BENCH_REQUESTS (300 sequential per
// target), BENCH_NAIVE_RUNS (5), BENCH_CONNECTIONS (10), BENCH_DURATION (10 s), BENCH_POSTGRES_URL,
// REDIS_URL. Writes artifacts/bench/rankings.json.
import http from 'node:http';
import pg from 'pg';
import { runBench } from './lib/cleanup.mjs';
import { sessionToken } from './lib/drive.mjs';
import { load } from './lib/load.mjs';
import { createScratch, sql } from './lib/scratch.mjs';
import { distRequire, ensureApiBuilt, portalEnv, startService } from './lib/services.mjs';
import { machine, measureSequential, printTable, round, saveArtifact, sequentialClient, summarize, warnIfBusy } from './lib/stats.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 5_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const NAIVE_RUNS = Number(process.env.BENCH_NAIVE_RUNS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TITLES = 10_000;
const PER_USER = Math.ceil(LIST_ROWS / USERS);
/** User n's id: deterministic, so the viewers are known without reading them back. */
const USER_ID = (n) => `'00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0')`;

const timed = async (work) => {
  const started = performance.now();
  await work();
  return round((performance.now() - started) / 1000, 1);
};

/** Titles, accounts and list rows: each user's share of completed titles is their number mod 60 %, every third row scored. */
async function seed(url) {
  await sql(
    url,
    `INSERT INTO community.anime_refs (id, title, poster, fallback_poster, episodes)
    SELECT g, 'Тайтл ' || g, '', '/poster-fallback.svg', 12 FROM generate_series(1, ${TITLES}) g`,
  );
  await sql(
    url,
    `INSERT INTO community.user_refs (id, username, display_name, avatar, rank, version)
    SELECT (${USER_ID('g')})::uuid, 'user' || g, 'Зритель ' || g, NULL, 'новичок', now() FROM generate_series(1, ${USERS}) g`,
  );
  // The secondary indexes are built once after the rows (as a restore would), not row by row.
  const indexes = await sql(
    url,
    `SELECT indexdef FROM pg_indexes WHERE schemaname = 'community' AND tablename = 'list_entries' AND indexname <> 'list_entries_pkey'`,
  );
  await sql(url, `DROP INDEX community.list_entries_user_status, community.list_entries_user_recent, community.list_entries_rated`);
  // 197·k mod TITLES differs for every k < 50, so a user never holds a title twice.
  await sql(
    url,
    `SET synchronous_commit = off; INSERT INTO community.list_entries (user_id, anime_id, status, progress, user_rating, updated_at)
    SELECT (${USER_ID('u')})::uuid, ((u + k * 197) % ${TITLES}) + 1,
      CASE WHEN (u * 31 + k * 17) % 100 < u % 60 THEN 'completed' ELSE 'planned' END, 0,
      CASE WHEN (u + k) % 3 = 0 THEN ((u * 7 + k) % 10) + 1 END,
      now() - ((u + k) % 1000) * interval '1 minute'
    FROM generate_series(1, ${USERS}) u, generate_series(0, ${PER_USER - 1}) k`,
  );
  await sql(url, `SET maintenance_work_mem = '256MB'; ${indexes.map((row) => `${row.indexdef};`).join(' ')}`);
  // Comments and quiz results as counters only (their tables play no part in the answer).
  await sql(
    url,
    `INSERT INTO community.ranking_counters (user_id, board, value)
    SELECT (${USER_ID('g')})::uuid, board, value FROM generate_series(1, ${USERS}) g,
      LATERAL (VALUES ('byComments', (g * 13) % 400), ('byQuiz', (g * 7) % 25)) AS v(board, value) WHERE value > 0`,
  );
}

/** The answer without a read model: the top 100 by completed titles and the viewer's place, counted from list_entries. */
const NAIVE_QUERY = `WITH counts AS (
    SELECT user_id, count(*) AS value FROM community.list_entries WHERE status IN ('completed', 'rewatching') GROUP BY user_id
  )
  SELECT (SELECT json_agg(t) FROM (SELECT c.user_id, c.value, u.username FROM counts c JOIN community.user_refs u ON u.id = c.user_id ORDER BY c.value DESC, c.user_id LIMIT 100) t) AS top,
         (SELECT count(*) + 1 FROM counts WHERE value > (SELECT value FROM counts WHERE user_id = $1)) AS place`;

/** Milliseconds of `runs` calls of `work`, one after another, on one connection. */
async function timeRuns(runs, work) {
  const samples = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** Like stats.mjs's sequentialClient, with the viewer's session token on every request. */
function viewerClient(baseUrl, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(`${baseUrl}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume();
          response.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode }));
          response.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('rankings');
  const env = portalEnv(scratch);
  const community = await startService('community', env);
  const gateway = await startService('gateway', env);
  const url = scratch.databaseUrl;

  const seconds = {};
  console.log(`[bench] seeding ${USERS} users, ${USERS * PER_USER} list rows, ${TITLES} titles…`);
  seconds.seed = await timed(() => seed(url));
  const { backfillRankings } = distRequire('apps/community/src/migrations/1766500000000-create-rankings');
  const { backfillRankingValueCounts } = distRequire('apps/community/src/migrations/1766600000000-create-ranking-value-counts');
  const runner = { query: (text, params) => sql(url, text, params) };
  seconds.readModel = await timed(async () => {
    await backfillRankings(runner);
    await backfillRankingValueCounts(runner);
  });
  seconds.vacuum = await timed(() =>
    sql(url, 'VACUUM ANALYZE community.list_entries, community.ranking_counters, community.user_refs, community.title_rating_stats'),
  );
  const [{ rows }] = await sql(url, `SELECT count(*)::int AS rows FROM community.list_entries`);
  console.log(`[bench] seeded ${rows} list rows in ${seconds.seed} s, read model in ${seconds.readModel} s, vacuum ${seconds.vacuum} s`);

  // A viewer in the middle of the anime board, and one with the smallest value above 0 (the longest count).
  const [middle] = await sql(
    url,
    `SELECT user_id::text AS id, value FROM community.ranking_counters WHERE board = 'byAnime' ORDER BY value DESC, user_id OFFSET $1 LIMIT 1`,
    [Math.floor(USERS / 3)],
  );
  const [bottom] = await sql(
    url,
    `SELECT user_id::text AS id, value FROM community.ranking_counters WHERE board = 'byAnime' AND value > 0 ORDER BY value, user_id LIMIT 1`,
  );
  const tokenOf = (id) => sessionToken(env.JWT_SECRET, id, 'viewer');
  const viewers = { middle, bottom };

  const client = sequentialClient(gateway.baseUrl);
  const middleClient = viewerClient(gateway.baseUrl, tokenOf(middle.id));
  const bottomClient = viewerClient(gateway.baseUrl, tokenOf(bottom.id));
  const sequential = {
    guest: await measureSequential(client, '/api/users/rankings', { count: REQUESTS, warmup: 30 }),
    viewerMiddle: await measureSequential(middleClient, '/api/users/rankings', { count: REQUESTS, warmup: 30 }),
    viewerBottom: await measureSequential(bottomClient, '/api/users/rankings', { count: REQUESTS, warmup: 30 }),
    titles: await measureSequential(client, '/api/rankings/titles', { count: REQUESTS, warmup: 30 }),
  };
  const answer = JSON.parse((await client.get('/api/users/rankings')).body).data;
  for (const each of [client, middleClient, bottomClient]) each.close();
  const throughput = await load({ baseUrl: gateway.baseUrl, path: '/api/users/rankings', connections: CONNECTIONS, duration: DURATION });
  // The same answer at the database alone: the read model's two statements (the community's own
  // repository, on one kept connection) against the naive query.
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { RankingCountersRepository } = distRequire('apps/community/src/rankings/ranking-counters.repository');
  const { USER_RANKING_BOARDS } = distRequire('libs/contracts/src/community/rankings.dto');
  const counters = new RankingCountersRepository({ query: (text, params) => db.query(text, params).then((result) => result.rows) });
  const readModelSql = await timeRuns(REQUESTS, () => Promise.all([counters.top(USER_RANKING_BOARDS, 100), counters.own(bottom.id)]));
  const baseline = await timeRuns(NAIVE_RUNS, () => db.query(NAIVE_QUERY, [bottom.id]));
  await db.end();

  printTable(
    ['GET /api/users/rankings (sequential)', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    Object.entries(sequential).map(([name, s]) => [name, s.p50, s.p95, s.p99, s.max]),
  );
  console.log(
    `\nguest boards under load: ${round(throughput.requestsPerSecond)} req/s with ${CONNECTIONS} connections (p50 ${throughput.latencyMs.p50} ms, p99 ${throughput.latencyMs.p99} ms, non-2xx ${throughput.non2xx})`,
  );
  console.log(
    `at the database, the bottom viewer's answer: read model p50 ${round(readModelSql.p50)} ms (p99 ${round(readModelSql.p99)}), naive count over list_entries p50 ${round(baseline.p50)} ms over ${NAIVE_RUNS} runs: ${round(baseline.p50 / readModelSql.p50, 0)}×`,
  );
  console.log(`naive SQL alone against the read model's whole HTTP answer (guest p50): ${round(baseline.p50 / sequential.guest.p50, 0)}×`);
  console.log(
    `answer: ${answer.byAnime.length} byAnime entries, top value ${answer.byAnime[0]?.value}; viewers at ${middle.value} and ${bottom.value} completed titles`,
  );
  const file = saveArtifact('rankings', {
    machine: { ...machine(), loadAverageBefore: loadAtStart },
    data: { users: USERS, listRows: rows, titles: TITLES },
    setupSeconds: seconds,
    viewers,
    sequential,
    throughput: { connections: CONNECTIONS, durationSeconds: DURATION, ...throughput },
    readModelSql,
    naive: baseline,
    ratioSql: round(baseline.p50 / readModelSql.p50, 1),
    ratioHttp: round(baseline.p50 / sequential.guest.p50, 1),
    readyMs: { community: round(community.readyMs), gateway: round(gateway.readyMs) },
  });
  console.log(`\n[bench] ${file}`);
});

#!/usr/bin/env node
// `npm run bench:search`: latency and hit rate of the catalogue's title search on the full dataset.
// Builds if needed, imports the dataset into a scratch database (timed), draws a seeded query set
// from it (bench/lib/search-queries.mjs), then measures every query
//   (a) at the service: SearchService.search(query, 20) in a Nest application context of the compiled
//       catalogue module, after one untimed warm-up pass over the same queries: once as the import left
//       the database, once after VACUUM (ANALYZE) catalogue.anime (what autovacuum does later);
//   (b) through the gateway: GET /api/anime/search, one request at a time, each query once (so the
//       gateway's response cache never answers), against a plain fastify hello-world measured with the
//       same client. Writes artifacts/bench/search.json; exits 1 when (a) after VACUUM misses the p95 target.
// Environment: BENCH_SEED, BENCH_SEARCH_PER_CLASS (150), BENCH_POSTGRES_URL, REDIS_URL.
import { createRequire } from 'node:module';
import { atExit, runBench } from './lib/cleanup.mjs';
import { createScratch } from './lib/scratch.mjs';
import { buildQuerySet } from './lib/search-queries.mjs';
import { distRequire, ensureApiBuilt, importCatalogue, portalEnv, startHelloWorld, startService } from './lib/services.mjs';
import { machine, measureSequential, printTable, round, saveArtifact, sequentialClient, warnIfBusy, summarize } from './lib/stats.mjs';

const require = createRequire(import.meta.url);
const SEED = process.env.BENCH_SEED ?? 'bench-search-1';
const PER_CLASS = Number(process.env.BENCH_SEARCH_PER_CLASS ?? 150);
const LIMIT = 20;
const TOP = 5;
const TARGET_P95_MS = 20;

/** (a): a Nest application context of the compiled catalogue module, whose SearchService is called directly. */
async function openCatalogueContext(env) {
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { getDataSourceToken } = require('@nestjs/typeorm');
  const { catalogueEnvSchema, loadConfig } = distRequire('libs/config/src');
  const { createLogger } = distRequire('libs/platform/src');
  const { CatalogueAppModule } = distRequire('apps/catalogue/src/catalogue-app.module');
  const { SearchService } = distRequire('apps/catalogue/src/search/search.service');

  const config = loadConfig(catalogueEnvSchema, { ...env, MIGRATE_ON_BOOT: 'false', CATALOGUE_IMPORT_ON_EMPTY: 'false' });
  const app = await NestFactory.createApplicationContext(CatalogueAppModule.forRoot(config, createLogger('catalogue-bench', 'warn')), { logger: false });
  atExit(() => app.close());
  return { app, search: app.get(SearchService), dataSource: app.get(getDataSourceToken()) };
}

/** Every query once untimed (warm-up), then once timed, as the message handler calls the search. */
async function measureAtService({ search }, queries) {
  for (const { query } of queries) await search.search(query, LIMIT);
  const results = [];
  for (const entry of queries) {
    const started = process.hrtime.bigint();
    const hits = await search.search(entry.query, LIMIT);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    results.push({ ...entry, ms, found: hits.length, hit: hits.slice(0, TOP).some((hit) => hit.id === entry.id) });
  }
  return results;
}

/** The floor of any query from this process: one round trip to PostgreSQL through the same pool. */
async function measureSelectOne({ dataSource }) {
  const samples = [];
  for (let i = 0; i < 1000; i++) {
    const started = process.hrtime.bigint();
    await dataSource.query('SELECT 1');
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return summarize(samples);
}

/** (b): GET /api/anime/search through the gateway, each query once; X-Cache tells misses from hits. */
async function measureThroughGateway(gatewayUrl, queries, warmupQueries) {
  const client = sequentialClient(gatewayUrl);
  const path = (query) => `/api/anime/search?title=${encodeURIComponent(query)}&limit=${LIMIT}`;
  for (const { query } of warmupQueries) await client.get(path(query));
  const results = [];
  for (const entry of queries) {
    const response = await client.get(path(entry.query));
    if (response.status !== 200) throw new Error(`GET ${path(entry.query)} answered ${response.status}: ${response.body.slice(0, 200)}`);
    const hits = JSON.parse(response.body).data;
    results.push({ ...entry, ms: response.ms, cache: response.headers['x-cache'], hit: hits.slice(0, TOP).some((hit) => hit.id === entry.id) });
  }
  client.close();
  return results;
}

function byClass(results) {
  const classes = [...new Set(results.map((result) => result.class))];
  const summary = (rows) => ({ ...summarize(rows.map((row) => row.ms)), hitRate: rows.filter((row) => row.hit).length / rows.length });
  return Object.fromEntries([...classes.map((name) => [name, summary(results.filter((row) => row.class === name))]), ['all', summary(results)]]);
}

function printClasses(title, classes, baseline) {
  console.log(`\n${title}`);
  const rows = Object.entries(classes).map(([name, s]) => [name, s.n, s.p50, s.p95, s.p99, s.max, `${round(s.hitRate * 100, 1)}%`]);
  if (baseline) rows.push(...baseline.map(([name, s]) => [name, s.n, s.p50, s.p95, s.p99, s.max, '']));
  printTable(['class', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', `hit@${TOP}`], rows);
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('search');
  const env = portalEnv(scratch);
  console.log(`[bench] importing the dataset into a scratch database…`);
  const imported = await importCatalogue(env);
  console.log(
    `[bench] imported ${imported.inserted} of ${imported.read} titles in ${round(imported.importMs / 1000, 1)} s (catalogue boot to ready ${round(imported.bootToReadyMs / 1000, 1)} s)`,
  );

  const queries = await buildQuerySet(scratch.databaseUrl, { seed: SEED, perClass: PER_CLASS });
  const taken = new Set(queries.map(({ query }) => query));
  const warmupQueries = (await buildQuerySet(scratch.databaseUrl, { seed: `${SEED}:warm-up`, perClass: 10 })).filter(({ query }) => !taken.has(query));
  console.log(`[bench] ${queries.length} queries (seed "${SEED}"); (a) at the service, as imported…`);
  const context = await openCatalogueContext(env);
  const asImported = await measureAtService(context, queries);
  // What autovacuum would do some time after the import (it is off on some servers): merge the GIN
  // pending list into the trigram index and collect planner statistics.
  const vacuumStarted = performance.now();
  await context.dataSource.query('VACUUM (ANALYZE) catalogue.anime');
  const vacuumMs = performance.now() - vacuumStarted;
  console.log(`[bench] (a) at the service, after VACUUM (ANALYZE) catalogue.anime (${round(vacuumMs / 1000, 1)} s)…`);
  const vacuumed = await measureAtService(context, queries);
  const selectOne = await measureSelectOne(context);
  await context.app.close();

  console.log('[bench] (b) through the gateway…');
  await startService('catalogue', env);
  const gateway = await startService('gateway', env);
  const hello = await startHelloWorld();
  const helloClient = sequentialClient(hello.baseUrl);
  const helloLatency = await measureSequential(helloClient, '/', { count: 2000, warmup: 500 });
  helloClient.close();
  const viaGateway = await measureThroughGateway(gateway.baseUrl, queries, warmupQueries);

  const atService = byClass(vacuumed);
  const atServiceAsImported = byClass(asImported);
  const throughGateway = byClass(viaGateway);
  printClasses('(a) at the service, as imported (no statistics, GIN pending list unmerged): SearchService.search(q, 20), ms', atServiceAsImported);
  printClasses('(a) at the service, after VACUUM (ANALYZE): SearchService.search(q, 20), ms', atService, [['SELECT 1 (floor)', selectOne]]);
  printClasses('(b) through the gateway: GET /api/anime/search, one at a time, ms', throughGateway, [['hello-world GET /', helloLatency]]);
  const cacheHits = viaGateway.filter((result) => result.cache !== 'MISS').length;
  const gatewayAll = throughGateway.all;
  console.log(
    `\ngateway/hello-world: p50 ×${round(gatewayAll.p50 / helloLatency.p50, 1)}, p95 ×${round(gatewayAll.p95 / helloLatency.p95, 1)}; cache hits in (b): ${cacheHits} of ${viaGateway.length}`,
  );
  const slowest = [...vacuumed].sort((a, b) => b.ms - a.ms).slice(0, 25);
  console.log('\nslowest at the service, after VACUUM (ANALYZE):');
  for (const result of slowest.slice(0, 10)) console.log(`  ${round(result.ms).toString().padStart(7)} ms  ${result.class.padEnd(14)} ${result.query}`);

  const met = atService.all.p95 < TARGET_P95_MS;
  console.log(
    `\nimport: ${round(imported.importMs / 1000, 1)} s; target p95 < ${TARGET_P95_MS} ms at the service: as imported ${round(atServiceAsImported.all.p95)} ms, after VACUUM (ANALYZE) ${round(atService.all.p95)} ms: ${met ? 'met' : 'MISSED'} (hit@${TOP} ${round(atService.all.hitRate * 100, 1)}%)`,
  );
  const file = saveArtifact('search', {
    machine: { ...machine(), loadAverage1mAtStart: loadAtStart },
    seed: SEED,
    import: imported,
    targetP95Ms: TARGET_P95_MS,
    vacuumMs,
    atServiceAsImported: { classes: atServiceAsImported },
    atService: { classes: atService, selectOne },
    throughGateway: { classes: throughGateway, helloWorld: helloLatency, cacheHits },
    slowest,
    slowestAsImported: [...asImported].sort((a, b) => b.ms - a.ms).slice(0, 25),
    misses: vacuumed.filter((result) => !result.hit).map(({ class: name, query, id, found }) => ({ class: name, query, id, found })),
  });
  console.log(`[bench] wrote ${file}`);
  if (!met) process.exitCode = 1;
});

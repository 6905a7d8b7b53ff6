#!/usr/bin/env node
// `npm run bench:chat`: chat delivery through two gateway replicas against a bare socket.io server.
// Starts auth, chat and two gateways from dist/ as separate processes (like `npm start`) on a scratch
// database and key prefix; connects BENCH_CLIENTS chat sockets (websocket), half to each replica;
// one sender per 100 clients posts one message per second (through alternating replicas) for
// BENCH_DURATION seconds. Every client records when each message arrives; the latency is from the
// POST leaving the sender to the arrival (one clock: everything runs on this machine).
// The same clients and send schedule are then run against bench/socketio-baseline-server.mjs.
// Reported: p50/p95/p99/max delivery latency, deliveries expected vs received (lost must be 0),
// gateway memory per connection (RSS growth while the clients connect), and the ratios to the baseline.
// Environment: BENCH_CLIENTS (1000), BENCH_DURATION (30 s), BENCH_POSTGRES_URL, REDIS_URL.
// Writes artifacts/bench/chat.json; exits 1 when a message is lost.
import { readFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { runBench } from './lib/cleanup.mjs';
import { createScratch } from './lib/scratch.mjs';
import { ensureApiBuilt, freePort, portalEnv, startProcess, startService, waitReady } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, summarize, warnIfBusy } from './lib/stats.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const SENDERS = Math.max(1, Math.round(CLIENTS / 100));
const CONNECT_BATCH = 50;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const rssKb = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);

/** Connects `count` chat sockets spread over the urls; every arrival of `newMessage` is recorded. */
async function connectClients(urls, count, arrivals) {
  const sockets = [];
  for (let start = 0; start < count; start += CONNECT_BATCH) {
    const batch = [];
    for (let index = start; index < Math.min(count, start + CONNECT_BATCH); index++) {
      const socket = io(`${urls[index % urls.length]}/chat`, {
        path: '/socket.io/',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { 'user-agent': BROWSER },
      });
      socket.on('newMessage', (message) => {
        const sentAt = Number(message.message.split(':')[2]);
        if (Number.isFinite(sentAt)) arrivals.push({ key: message.message, ms: Date.now() - sentAt });
      });
      sockets.push(socket);
      batch.push(
        new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        }),
      );
    }
    await Promise.all(batch);
  }
  return sockets;
}

/** Each sender posts once a second for DURATION seconds, spread over the second. */
async function sendFor(post) {
  const sent = new Set();
  const failures = [];
  const started = Date.now();
  let tick = 0;
  while (Date.now() - started < DURATION * 1000) {
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, sender) => {
        await sleep((1000 / SENDERS) * sender);
        const key = `bench:${tick}-${sender}:${Date.now()}`;
        const status = await post(sender, key);
        if (status === 201) sent.add(key);
        else failures.push(status);
      }),
    );
    tick += 1;
    await sleep(Math.max(0, started + tick * 1000 - Date.now()));
  }
  return { sent, failures };
}

function tally(name, sent, arrivals) {
  const received = arrivals.filter((arrival) => sent.has(arrival.key));
  const stats = summarize(received.map((arrival) => arrival.ms));
  const expected = sent.size * CLIENTS;
  return { name, messages: sent.size, expected, received: received.length, lost: expected - received.length, ...stats };
}

async function registerSender(gatewayUrl, index) {
  const captcha = await (await fetch(`${gatewayUrl}/api/auth/captcha`)).json();
  const [left, right] = captcha.data.question.split('+').map((part) => Number(part.trim()));
  const name = `bench${Date.now().toString(36)}${index}`;
  const response = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: `Bench-${name}-pass!`,
      captchaId: captcha.data.captchaId,
      captchaAnswer: left + right,
      agreement: true,
    }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

async function portalRun(env) {
  const auth = await startService('auth', env);
  const chat = await startService('chat', env);
  const gateways = [await startService('gateway', env), await startService('gateway', env)];
  const tokens = [];
  for (let index = 0; index < SENDERS; index++) tokens.push(await registerSender(gateways[0].baseUrl, index));
  await sleep(1000);
  const rssBefore = gateways.map((gateway) => rssKb(gateway.child.pid));
  const arrivals = [];
  const connectStarted = Date.now();
  const sockets = await connectClients(
    gateways.map((gateway) => gateway.baseUrl),
    CLIENTS,
    arrivals,
  );
  const connectMs = Date.now() - connectStarted;
  await sleep(2000);
  const rssAfter = gateways.map((gateway) => rssKb(gateway.child.pid));
  const perConnectionKb = rssAfter.map((after, index) => round((after - rssBefore[index]) / (CLIENTS / gateways.length), 1));
  console.log(`[bench] ${CLIENTS} chat sockets connected in ${connectMs} ms; sending for ${DURATION} s…`);
  const { sent, failures } = await sendFor((sender, message) =>
    fetch(`${gateways[sender % 2].baseUrl}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[sender]}` },
      body: JSON.stringify({ message }),
    }).then(
      (response) => response.status,
      () => 0,
    ),
  );
  await sleep(3000);
  sockets.forEach((socket) => socket.disconnect());
  const result = {
    ...tally('portal: 2 gateways + chat service', sent, arrivals),
    failedPosts: failures.length,
    connectMs,
    perConnectionKb,
    rssMbAfter: rssAfter.map((kb) => round(kb / 1024, 1)),
  };
  for (const proc of [...gateways, chat, auth]) await proc.stop();
  return result;
}

async function baselineRun() {
  const port = await freePort();
  const proc = startProcess('socketio-baseline', 'bench/socketio-baseline-server.mjs', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(proc, `${url}/`);
  const rssBefore = rssKb(proc.child.pid);
  const arrivals = [];
  const sockets = await connectClients([url], CLIENTS, arrivals);
  await sleep(2000);
  const perConnectionKb = round((rssKb(proc.child.pid) - rssBefore) / CLIENTS, 1);
  const { sent, failures } = await sendFor((_, message) =>
    fetch(`${url}/send`, { method: 'POST', body: JSON.stringify({ message }) }).then(
      (response) => response.status,
      () => 0,
    ),
  );
  await sleep(3000);
  sockets.forEach((socket) => socket.disconnect());
  await proc.stop();
  return { ...tally('baseline: bare socket.io, 1 process', sent, arrivals), failedPosts: failures.length, perConnectionKb: [perConnectionKb] };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  const scratch = await createScratch('chat');
  const env = {
    ...portalEnv(scratch),
    CATALOGUE_IMPORT_ON_EMPTY: 'false',
    CHAT_RATE_LIMIT_MESSAGES: '1000000',
    RATE_LIMIT_REGISTER_IP_PER_HOUR: '100000',
  };
  const portal = await portalRun(env);
  const baseline = await baselineRun();
  const rows = [portal, baseline].map((run) => [
    run.name,
    run.messages,
    run.expected,
    run.received,
    run.lost,
    round(run.p50),
    round(run.p95),
    round(run.p99),
    round(run.max),
    run.perConnectionKb.join(' / '),
  ]);
  console.log();
  printTable(['target', 'messages', 'deliveries expected', 'received', 'lost', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'KB per connection'], rows);
  const ratios = { p50: round(portal.p50 / baseline.p50, 2), p95: round(portal.p95 / baseline.p95, 2), p99: round(portal.p99 / baseline.p99, 2) };
  console.log(`\nlatency of the portal as a multiple of the baseline: p50 ×${ratios.p50}, p95 ×${ratios.p95}, p99 ×${ratios.p99}`);
  saveArtifact('chat', { machine: machine(), loadAtStart, clients: CLIENTS, senders: SENDERS, durationSeconds: DURATION, portal, baseline, ratios });
  if (portal.lost > 0 || portal.failedPosts > 0) throw new Error(`${portal.lost} deliveries lost, ${portal.failedPosts} posts failed`);
});

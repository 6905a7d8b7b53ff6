// Closed-loop HTTP load: each client sends its next request as soon as the previous one is answered.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { cpuTimeMs } from './services.mjs';
import { round, summarize } from './stats.mjs';

const base64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 session token as the auth service signs it (sub, username), valid for a day. */
export function sessionToken(secret, userId, username) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: userId, username, iat: now, exp: now + 86400 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** One request over a kept-alive connection; resolves with status and milliseconds. */
function request(agent, baseUrl, { method, path, headers, body }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(`${baseUrl}${path}`, { method, agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `clients` loops, each sending its next request as soon as the previous one is answered, until
 * `seconds` have passed (no request is started after that; those under way are awaited). Latencies
 * are kept only after the warm-up, overall and per `kind` of call. `baseUrl` may be a function of the
 * client (several gateways). A call may carry `ok(status)`; otherwise only 200 counts as answered.
 */
export async function drive({ baseUrl, clients, seconds, warmup, next, onAnswer }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const urlOf = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  const samples = [];
  const kinds = new Map();
  let answered = 0;
  let all = 0;
  let failed = 0;
  const warmEnd = performance.now() + warmup * 1000;
  const end = warmEnd + seconds * 1000;
  const loop = async (client) => {
    while (performance.now() < end) {
      const call = next(client);
      let result;
      try {
        result = await request(agent, urlOf(client), call);
      } catch {
        failed++;
        continue;
      }
      const ok = call.ok ? call.ok(result.status) : result.status === 200;
      if (!ok) failed++;
      onAnswer?.(client, call, result);
      all++;
      if (performance.now() > warmEnd) {
        samples.push(result.ms);
        answered++;
        if (call.kind) {
          const kind = kinds.get(call.kind) ?? { samples: [], failed: 0 };
          kind.samples.push(result.ms);
          if (!ok) kind.failed++;
          kinds.set(call.kind, kind);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, client) => loop(client)));
  agent.destroy();
  const byKind = Object.fromEntries(
    [...kinds].map(([kind, { samples: kindSamples, failed: kindFailed }]) => [
      kind,
      { requestsPerSecond: kindSamples.length / seconds, failed: kindFailed, latencyMs: summarize(kindSamples) },
    ]),
  );
  return { requestsPerSecond: answered / seconds, answered, answeredWithWarmup: all, failed, latencyMs: summarize(samples), byKind };
}

/**
 * CPU (ms) each process spent per answered request while `work` ran; processes sharing a name
 * (replicas) are added up under it.
 */
export async function withCpu(processes, work) {
  const before = processes.map((proc) => cpuTimeMs(proc.child.pid));
  const client = process.cpuUsage();
  const result = await work();
  const spent = process.cpuUsage(client);
  // The CPU was measured over the warm-up too: divide by every request answered.
  const perRequest = (ms) => round(ms / (result.answeredWithWarmup || 1), 3);
  const byName = new Map();
  processes.forEach((proc, index) => byName.set(proc.name, (byName.get(proc.name) ?? 0) + (cpuTimeMs(proc.child.pid) - before[index])));
  return {
    ...result,
    cpuMsPerRequest: Object.fromEntries([
      ...[...byName].map(([name, ms]) => [name, perRequest(ms)]),
      ['bench client', perRequest((spent.user + spent.system) / 1000)],
    ]),
  };
}

#!/usr/bin/env node
// Summarises the V8 CPU profiles `BENCH_CPU_PROF=1 npm run bench:viewers` writes, one line per process:
// how busy it was, and how much of that went to socket writes (to Redis, PostgreSQL, HTTP clients) and
// to the garbage collector, then its packages by own time. Only the samples of the last WINDOW_S
// seconds before the last TAIL_S seconds count (default: the last 60 s before the 8 s of shutdown,
// i.e. the bench's last step).
//   node bench/cpu-profiles.mjs artifacts/bench/viewers-profiles-postgres-<run>/
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString', 'writeString']);
const dir = process.argv[2];
if (!dir) {
  console.error('usage: node bench/cpu-profiles.mjs <profiles folder>');
  process.exit(2);
}
const windowUs = Number(process.env.WINDOW_S ?? 60) * 1e6;
const tailUs = Number(process.env.TAIL_S ?? 8) * 1e6;

/** Own time (µs) per node of the profile, for the samples inside the window. */
function ownTimes(profile) {
  const end = profile.endTime - tailUs;
  const start = end - windowUs;
  const own = new Map();
  let at = profile.startTime;
  profile.samples.forEach((node, index) => {
    at += profile.timeDeltas[index];
    if (at >= start && at <= end) own.set(node, (own.get(node) ?? 0) + profile.timeDeltas[index]);
  });
  return own;
}

const packageOf = ({ url, functionName }) => {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  if (url.includes('/dist/')) return url.split('/dist/')[1].split('/').slice(0, 2).join('/');
  if (url.startsWith('node:')) return 'node';
  return functionName ? `(${functionName.replace(/[()]/g, '')})` : '(native)';
};
const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

for (const file of readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  let total = 0;
  let idle = 0;
  let writes = 0;
  let gc = 0;
  const packages = new Map();
  for (const [id, time] of ownTimes(profile)) {
    const frame = nodes.get(id);
    total += time;
    if (frame.functionName === '(idle)') idle += time;
    else if (frame.functionName === '(garbage collector)') gc += time;
    else if (SOCKET_WRITES.has(frame.functionName) && frame.url === '') writes += time;
    else {
      const name = packageOf(frame);
      packages.set(name, (packages.get(name) ?? 0) + time);
    }
  }
  const busy = total - idle;
  const top = [...packages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, time]) => `${name} ${percent(time, total)}`);
  console.log(
    `${file.replace(/-\d+\.cpuprofile$/, '').padEnd(11)} busy ${percent(busy, total)}: socket writes ${percent(writes, total)}, GC ${percent(gc, total)}; ${top.join(', ')}`,
  );
}

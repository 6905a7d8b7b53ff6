// Latency statistics, a sequential HTTP timer, tables and the JSON artifacts of the benches.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/setup.mjs';

/** Nearest-rank percentiles of samples in milliseconds. */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1], mean };
}

export const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Prints rows (arrays of cells) under a header, columns padded; numbers right-aligned. */
export function printTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((cell) => (typeof cell === 'number' ? String(round(cell)) : String(cell))));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  for (const [index, row] of cells.entries()) {
    console.log(
      row
        .map((cell, column) => (index > 0 && typeof rows[index - 1][column] === 'number' ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
        .join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

/**
 * One request at a time over one kept-alive connection; the time runs from sending the request to
 * the last byte of the answer. Every HTTP latency of the benches is measured this way.
 */
export function sequentialClient(baseUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(`${baseUrl}${path}`, { agent }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const ms = Number(process.hrtime.bigint() - started) / 1e6;
            resolve({ ms, status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Sequential latency of `count` GETs of one path (after `warmup` untimed ones). */
export async function measureSequential(client, path, { count, warmup = 100 }) {
  for (let i = 0; i < warmup; i++) await client.get(path);
  const samples = [];
  for (let i = 0; i < count; i++) {
    const { ms, status } = await client.get(path);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    samples.push(ms);
  }
  return summarize(samples);
}

/** artifacts/bench/<name>.json, like bench/web-bundle.mjs. */
export function saveArtifact(name, data) {
  const dir = join(ROOT, 'artifacts', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...data }, null, 2)}\n`);
  return file;
}

export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    memoryGB: round(os.totalmem() / 2 ** 30, 1),
    loadAverage1m: round(os.loadavg()[0]),
  };
}

/** Other work on the machine skews every figure: say so before measuring. */
export function warnIfBusy() {
  const [load] = os.loadavg();
  if (load > 0.5) console.warn(`[bench] load average ${round(load)} before the run: other processes share the CPUs, figures will be noisy`);
  return round(load);
}

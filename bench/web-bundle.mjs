#!/usr/bin/env node
// Reports the gzip size of the home route's initial JavaScript: the Vite entry chunk plus every
// chunk it imports statically (dynamic imports, i.e. lazy routes and dialogs, are excluded), and what
// the gateway sends of it: the .br and .gz files the build writes next to each file (web/vite.config.ts).
// Builds nothing: run `npm run build --workspace web` first. Writes artifacts/bench/web-bundle.json
// and exits non-zero when the figure is over the budget of docs/PERFORMANCE.md.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'web', 'dist');
const BUDGET_KB = 150;

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('web/dist/.vite/manifest.json not found: run `npm run build --workspace web` first.');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('No index.html entry in the Vite manifest.');
  process.exit(2);
}

const initialChunks = new Set();
const visit = (key) => {
  if (initialChunks.has(key)) return;
  initialChunks.add(key);
  (manifest[key].imports ?? []).forEach(visit);
};
visit(entryKey);

const kb = (bytes) => Math.round((bytes / 1024) * 100) / 100;
/** The size of the pre-compressed form the build wrote (the file itself when it wrote none: not smaller). */
const sentBytes = (file, extension, compress) => {
  const path = join(dist, `${file}${extension}`);
  if (existsSync(path)) return statSync(path).size;
  if (!precompressed) return compress(readFileSync(join(dist, file))).length;
  return statSync(join(dist, file)).size;
};
const entryFile = manifest[entryKey].file;
const precompressed = existsSync(join(dist, `${entryFile}.br`));
const brotli11 = (content) => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const files = [...initialChunks].map((key) => {
  const file = manifest[key].file;
  const content = readFileSync(join(dist, file));
  return {
    file,
    rawBytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
    sentBrBytes: sentBytes(file, '.br', brotli11),
    sentGzipBytes: sentBytes(file, '.gz', (body) => gzipSync(body, { level: 9 })),
  };
});
const css = [...initialChunks].flatMap((key) => manifest[key].css ?? []);
const cssGzipBytes = css.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);

const totalGzip = files.reduce((sum, file) => sum + file.gzipBytes, 0);
const totalRaw = files.reduce((sum, file) => sum + file.rawBytes, 0);
const totalBr = files.reduce((sum, file) => sum + file.sentBrBytes, 0);
const totalSentGzip = files.reduce((sum, file) => sum + file.sentGzipBytes, 0);
const entry = files.find((file) => file.file === entryFile);
const result = {
  measuredAt: new Date().toISOString(),
  route: '/',
  initialJsGzipKB: kb(totalGzip),
  initialJsRawKB: kb(totalRaw),
  initialCssGzipKB: kb(cssGzipBytes),
  // What the gateway sends to a browser (br) or a gzip-only client: the build's .br / .gz files.
  precompressedByBuild: precompressed,
  initialJsSentBrKB: kb(totalBr),
  initialJsSentGzipKB: kb(totalSentGzip),
  entryChunk: { file: entry.file, rawBytes: entry.rawBytes, brBytes: entry.sentBrBytes, gzipBytes: entry.sentGzipBytes },
  budgetKB: BUDGET_KB,
  withinBudget: kb(totalGzip) <= BUDGET_KB,
  chunks: files.map((file) => ({ ...file, gzipKB: kb(file.gzipBytes) })),
  lazyChunks: Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length,
};

for (const file of files) {
  console.log(
    `${file.file.padEnd(40)} ${String(kb(file.gzipBytes)).padStart(8)} KB gzip ${String(kb(file.sentBrBytes)).padStart(8)} KB br ${String(kb(file.rawBytes)).padStart(8)} KB raw`,
  );
}
console.log(
  `sent ${precompressed ? "(the build's .br/.gz files)" : '(no .br/.gz files in web/dist: computed here, brotli 11 / gzip 9)'}: entry ${entry.file} ${entry.rawBytes} B raw, ${entry.sentBrBytes} B br (${Math.round((entry.sentBrBytes / entry.rawBytes) * 1000) / 10} %), ${entry.sentGzipBytes} B gzip; initial JS ${result.initialJsSentBrKB} KB br, ${result.initialJsSentGzipKB} KB gzip`,
);
console.log(
  `initial JS of "/": ${result.initialJsGzipKB} KB gzip (${result.initialJsRawKB} KB raw), CSS ${result.initialCssGzipKB} KB gzip, budget ${BUDGET_KB} KB; ${result.lazyChunks} lazy chunks`,
);

const outDir = join(root, 'artifacts', 'bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);

if (!result.withinBudget) {
  console.error(`Over budget: ${result.initialJsGzipKB} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}

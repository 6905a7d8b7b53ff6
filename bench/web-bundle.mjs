#!/usr/bin/env node
// Reports the gzip size of the home route's initial JavaScript: the Vite entry chunk plus every
// chunk it imports statically (dynamic imports, i.e. lazy routes and dialogs, are excluded).
// Builds nothing: run `npm run build --workspace web` first. Writes artifacts/bench/web-bundle.json
// and exits non-zero when the figure is over the budget of docs/PERFORMANCE.md.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
const files = [...initialChunks].map((key) => {
  const file = manifest[key].file;
  const content = readFileSync(join(dist, file));
  return { file, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
});
const css = [...initialChunks].flatMap((key) => manifest[key].css ?? []);
const cssGzipBytes = css.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);

const totalGzip = files.reduce((sum, file) => sum + file.gzipBytes, 0);
const totalRaw = files.reduce((sum, file) => sum + file.rawBytes, 0);
const result = {
  measuredAt: new Date().toISOString(),
  route: '/',
  initialJsGzipKB: kb(totalGzip),
  initialJsRawKB: kb(totalRaw),
  initialCssGzipKB: kb(cssGzipBytes),
  budgetKB: BUDGET_KB,
  withinBudget: kb(totalGzip) <= BUDGET_KB,
  chunks: files.map((file) => ({ ...file, gzipKB: kb(file.gzipBytes) })),
  lazyChunks: Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length,
};

for (const file of files) console.log(`${file.file.padEnd(40)} ${String(kb(file.gzipBytes)).padStart(8)} KB gzip`);
console.log(`initial JS of "/": ${result.initialJsGzipKB} KB gzip (${result.initialJsRawKB} KB raw), CSS ${result.initialCssGzipKB} KB gzip, budget ${BUDGET_KB} KB; ${result.lazyChunks} lazy chunks`);

const outDir = join(root, 'artifacts', 'bench');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);

if (!result.withinBudget) {
  console.error(`Over budget: ${result.initialJsGzipKB} KB > ${BUDGET_KB} KB`);
  process.exit(1);
}

// `npm test`: every check and every suite, in order; exits non-zero if any fails.
import { spawnSync } from 'node:child_process';
import { ensureDependencies, ROOT } from './lib/setup.mjs';

const steps = [
  ['format (Prettier, the whole tree; `npm run format` rewrites)', 'npx prettier --check . --log-level warn'],
  ['lint (services, libs, tests, layer rule)', 'npx eslint . --max-warnings 0'],
  ['typecheck (strict)', 'npx tsc -p tsconfig.json --noEmit'],
  ['script tests (layer rule, provisioning, bench clean-up)', 'node --test tools/eslint/ scripts/lib/ bench/lib/'],
  ['lint (web, stories)', 'npm run lint --workspace web --silent'],
  // Built before jest: the realtime test kills a gateway process running the compiled code.
  ['build (services and web client)', 'npm run build --silent'],
  ['service and infrastructure tests (jest, real PostgreSQL and Redis)', 'npx jest'],
  ['web component and story tests (vitest)', 'npm run test --workspace web --silent'],
  ['storybook static build', 'npm run build-storybook --workspace web --silent -- --quiet'],
  ['system test: npm start, health, browser flow, Ctrl-C', 'node --test test/system/start.test.mjs'],
];

ensureDependencies();
const results = [];
for (const [name, command] of steps) {
  console.log(`\n=== ${name}\n$ ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { cwd: ROOT, shell: true, stdio: 'inherit', env: { ...process.env, CI: process.env.CI ?? 'true' } });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

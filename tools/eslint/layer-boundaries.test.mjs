import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { Linter } from 'eslint';
import { layerBoundaries } from './layer-boundaries.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const linter = new Linter({ configType: 'flat' });
const lint = (file, code) =>
  linter
    .verify(
      code,
      { plugins: { portal: { rules: { 'layer-boundaries': layerBoundaries } } }, rules: { 'portal/layer-boundaries': 'error' } },
      { filename: join(ROOT, file) },
    )
    .map((message) => message.message);

test('an app importing another app is an error', () => {
  assert.match(lint('apps/auth/src/x.js', "import a from '../../gateway/src/main';")[0], /may not import another app/);
});

test('a lib importing an app is an error', () => {
  assert.match(lint('libs/db/src/x.js', "export * from '../../../apps/auth/src/main';")[0], /lib may not import an app/);
});

test('an app importing its own files and libs is allowed', () => {
  assert.deepEqual(lint('apps/auth/src/x.js', "import a from './users/users.repository'; import b from '@portal/contracts';"), []);
});

test('tests may boot apps', () => {
  assert.deepEqual(lint('test/support/x.js', "import a from '../../apps/auth/src/auth-app.module';"), []);
});

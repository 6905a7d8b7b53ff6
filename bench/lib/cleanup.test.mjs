import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

test('an error thrown outside the bench’s reach still runs the cleanup, then fails the bench', () => {
  const result = spawnSync(process.execPath, [join(import.meta.dirname, 'fixtures', 'throws-in-callback.mjs')], { encoding: 'utf8', timeout: 8000 });
  assert.equal(result.status, 1);
  assert.match(result.stdout, /cleanup ran/);
  assert.match(result.stderr, /thrown in a callback/);
});

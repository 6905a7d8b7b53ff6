// Lets a child `node` process run the repository's TypeScript as jest does (@swc/core, the same
// options, the @portal/* paths): `node -r ./test/rewards/support/swc-register.cjs file.ts`.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const match = /^@portal\/(contracts|config|db|messaging|platform|testing)(?:\/(.*))?$/.exec(request);
  const mapped = match ? path.join(root, 'libs', match[1], 'src', match[2] ?? 'index') : request;
  return resolveFilename.call(this, mapped, parent, ...rest);
};
require.extensions['.ts'] = function (module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

/** @type {import('jest').Config} */
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

module.exports = {
  // jest's node environment, printing the gateway's failed answers of a failed test (status alone says little).
  testEnvironment: '<rootDir>/libs/testing/src/answers-on-failure.environment.js',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.(ts|js|mjs)$': ['@swc/jest', swcOptions] },
  // Some transitive dependencies ship ESM only; jest on Node 20 cannot require() them untransformed.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|@tus|srvx)/)'],
  moduleNameMapper: {
    '^@portal/(contracts|config|db|messaging|platform|testing)$': '<rootDir>/libs/$1/src',
    '^@portal/(contracts|config|db|messaging|platform|testing)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  // Fails a test whose code awaited a remote call inside an open transaction (libs/db/src/transaction-scope.ts).
  setupFilesAfterEnv: ['<rootDir>/libs/testing/src/transaction-guard.setup.ts'],
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  testTimeout: 30000,
  // One suite at a time (they share the machine's PostgreSQL and Redis and time their services), in one
  // worker process that is replaced once it holds more than this after a suite: each suite loads its own
  // copy of the apps and contracts, and in a single process what the suites leave behind added up past
  // the 4 GB heap (a fresh-clone run died at 3.6 GB after 1,019 s).
  maxWorkers: 1,
  workerIdleMemoryLimit: '1GB',
  // A suite that fails in its setup can leave service processes or sockets open; the run must still end (CI has a time limit).
  forceExit: true,
};

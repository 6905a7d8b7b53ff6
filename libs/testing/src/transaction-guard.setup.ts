/**
 * Jest (setupFilesAfterEnv): a test fails when code under it called another service, a queue or the
 * network inside an open database transaction, even if a caller caught the guard's error and went on
 * (a lookup that turns every failure into «not found»). docs/architecture.md, «No remote call inside a transaction».
 *
 * Reads the list `takeOpenTransactionViolations` (libs/db/src/transaction-scope.ts) drains, by its global
 * key, so that specs which never touch a database do not load TypeORM for this.
 */
const VIOLATIONS_KEY = Symbol.for('portal.db.transactionScope.violations');

function failOnViolations() {
  const list = (globalThis as Record<symbol, Error[] | undefined>)[VIOLATIONS_KEY];
  const violations = list ? list.splice(0, list.length) : [];
  if (violations.length > 0) {
    throw new Error(`${violations.length} remote call(s) inside an open database transaction:\n${violations.map((error) => error.stack).join('\n\n')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);

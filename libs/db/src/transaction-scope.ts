import { AsyncLocalStorage } from 'node:async_hooks';
import { EntityManager } from 'typeorm';

/**
 * The rule of docs/architecture.md, «No remote call inside a transaction»: code never awaits another
 * service, a queue or the network while a database transaction is open. The remote side may need the
 * same database (on a single-session database such as the former embedded PGlite, it waits behind the very
 * transaction that waits for it, until the caller's deadline), and on PostgreSQL the transaction holds
 * a pooled connection and its row locks for the length of a remote call.
 *
 * TypeORM's `EntityManager.prototype.transaction` (which `DataSource.transaction`, repositories and
 * nested transactions all go through) is wrapped once, when this module loads: its callback runs in an
 * AsyncLocalStorage scope that is open until the transaction has committed or rolled back. Every
 * cross-service or network call (RpcClient.send, BullMQ adds, the HTTP clients) calls
 * `assertNoOpenTransaction` first.
 */
interface TransactionScope {
  /** False once the transaction has ended: work started inside it that runs later is outside it. */
  open: boolean;
}

// One store per process even if this module is loaded twice (jest registries, dist and src side by side).
const STORE_KEY = Symbol.for('portal.db.transactionScope');
const WRAPPED = Symbol.for('portal.db.transactionScope.wrapped');
const VIOLATIONS_KEY = Symbol.for('portal.db.transactionScope.violations');

type Globals = typeof globalThis & { [STORE_KEY]?: AsyncLocalStorage<TransactionScope>; [VIOLATIONS_KEY]?: OpenTransactionError[] };
const globals = globalThis as Globals;
const storage = (globals[STORE_KEY] ??= new AsyncLocalStorage<TransactionScope>());

/** A remote call made while a database transaction is open. */
export class OpenTransactionError extends Error {
  constructor(readonly what: string) {
    super(
      `${what} awaited inside an open database transaction: fetch first, then open the transaction, or do it after commit (docs/architecture.md, «No remote call inside a transaction»)`,
    );
    this.name = 'OpenTransactionError';
  }
}

/**
 * `throw` (NODE_ENV test or development, or unset, which the config reads as development): the call
 * fails, so a new case cannot land unnoticed. `log` (production): the call goes on and the first
 * occurrence of each call site is logged as an error; a slow path is better than a refused request
 * once deployed.
 */
export type TransactionGuardMode = 'throw' | 'log';

export function transactionGuardMode(nodeEnv: string | undefined = process.env.NODE_ENV): TransactionGuardMode {
  return nodeEnv === undefined || nodeEnv === '' || nodeEnv === 'test' || nodeEnv === 'development' ? 'throw' : 'log';
}

let modeOverride: TransactionGuardMode | undefined;
let reporter: (error: OpenTransactionError) => void = (error) => {
  process.stderr.write(`${JSON.stringify({ level: 'error', msg: error.message, stack: error.stack })}\n`);
};
/** Call sites already logged in `log` mode (bounded: a site is a code path, not a request). */
const reported = new Set<string>();
const MAX_REPORTED_SITES = 1000;
/** Violations kept for `takeOpenTransactionViolations` (a process nobody asks keeps only the first). */
const MAX_KEPT_VIOLATIONS = 100;

/** Where violations are logged (a service's pino logger; stderr until one is set). */
export function reportOpenTransactionsTo(report: (error: OpenTransactionError) => void): void {
  reporter = report;
}

/** For tests of the guard itself: force a mode (undefined: back to NODE_ENV's). */
export function setTransactionGuardMode(mode: TransactionGuardMode | undefined): void {
  modeOverride = mode;
}

/** Whether the calling code runs inside a database transaction that has not ended yet. */
export function inOpenTransaction(): boolean {
  return storage.getStore()?.open === true;
}

/**
 * Every violation of this process in `throw` mode, also those a caller caught and swallowed (a lookup
 * that turns any failure into «not found»): jest's setup fails the test that left one here.
 */
export function takeOpenTransactionViolations(): OpenTransactionError[] {
  const list = (globals[VIOLATIONS_KEY] ??= []);
  return list.splice(0, list.length);
}

/** Call before any call to another service, a queue or the network: `what` names it in the error. */
export function assertNoOpenTransaction(what: string): void {
  if (!inOpenTransaction()) return;
  const error = new OpenTransactionError(what);
  if ((modeOverride ?? transactionGuardMode()) === 'throw') {
    const kept = (globals[VIOLATIONS_KEY] ??= []);
    if (kept.length < MAX_KEPT_VIOLATIONS) kept.push(error);
    reporter(error);
    throw error;
  }
  const site = `${what}\n${(error.stack ?? '').split('\n').slice(1).join('\n')}`;
  if (reported.has(site)) return;
  if (reported.size < MAX_REPORTED_SITES) reported.add(site);
  reporter(error);
}

/** Wraps `EntityManager.prototype.transaction` (both overloads: with or without an isolation level) once. */
export function installTransactionScope(): void {
  const prototype = EntityManager.prototype as EntityManager & { [WRAPPED]?: boolean };
  if (prototype[WRAPPED]) return;
  // TypeORM's own method, taken off the prototype unbound: it is always applied to the manager called.
  const original: unknown = Reflect.get(prototype, 'transaction');
  if (typeof original !== 'function') throw new TypeError('EntityManager.prototype.transaction is not a function');
  const transaction = function (this: EntityManager, ...args: unknown[]): Promise<unknown> {
    const scope: TransactionScope = { open: true };
    return storage.run(scope, async () => {
      try {
        const answer: unknown = Reflect.apply(original, this, args);
        return await answer;
      } finally {
        scope.open = false;
      }
    });
  };
  Object.defineProperty(prototype, 'transaction', { value: transaction, writable: true, configurable: true });
  Object.defineProperty(prototype, WRAPPED, { value: true });
}

installTransactionScope();

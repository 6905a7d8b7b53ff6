import type { EntityManager } from 'typeorm';

/**
 * The in-memory tables the fake repositories of one test share, with transactions: everything a
 * transaction wrote is undone when its work throws (a refused change leaves no row, no event), as
 * PostgreSQL would. Fake repositories keep their rows here, replace a row on change (never mutate
 * one in place: a snapshot is a shallow copy), and check that a write runs inside the open
 * transaction with `written(manager, what)`.
 *
 * The EntityManager a transaction hands out is a token: fakes compare it; code under test that uses
 * it directly (a raw query past its repository) fails, naming what it touched.
 */
export class FakeDatabase {
  private readonly maps = new Map<string, Map<unknown, unknown>>();
  private readonly lists = new Map<string, unknown[]>();
  private open: EntityManager | null = null;
  private opened = 0;
  private offsetMs = 0;
  private lastMs = 0;
  /** Transactions that committed, and that were rolled back (their work threw). */
  commits = 0;
  rollbacks = 0;

  /** A table by name: the same Map for every fake that asks (its rows must be replaced, not mutated). */
  table<K, V>(name: string): Map<K, V> {
    let table = this.maps.get(name);
    if (!table) this.maps.set(name, (table = new Map()));
    return table as Map<K, V>;
  }

  /** An append-only table (an outbox, a log of pushes inside transactions). */
  list<T>(name: string): T[] {
    let list = this.lists.get(name);
    if (!list) this.lists.set(name, (list = []));
    return list as T[];
  }

  /** Runs `work` in a transaction: committed when it resolves, every table restored when it throws. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.open) throw new Error('FakeDatabase: a transaction was opened inside another one');
    const maps = [...this.maps].map(([name, rows]) => [name, new Map(rows)] as const);
    const lists = [...this.lists].map(([name, rows]) => [name, [...rows]] as const);
    const manager = managerToken(++this.opened);
    this.open = manager;
    try {
      const result = await work(manager);
      this.commits += 1;
      return result;
    } catch (error) {
      for (const [name, rows] of maps) replaceMap(this.table(name), rows);
      for (const [name, rows] of lists) this.list(name).splice(0, Infinity, ...rows);
      // Tables first created inside the rolled-back transaction are emptied too.
      for (const [name, rows] of this.maps) if (!maps.some(([kept]) => kept === name)) rows.clear();
      for (const [name, rows] of this.lists) if (!lists.some(([kept]) => kept === name)) rows.length = 0;
      this.rollbacks += 1;
      throw error;
    } finally {
      this.open = null;
    }
  }

  /** Whether a transaction is open now. */
  get inTransaction(): boolean {
    return this.open !== null;
  }

  /** Fails a write that is not in the open transaction (`what` names it in the error). */
  written(manager: EntityManager, what: string): void {
    if (!this.open) throw new Error(`FakeDatabase: ${what} was written outside any transaction`);
    if (manager !== this.open) throw new Error(`FakeDatabase: ${what} was written with a manager that is not the open transaction's`);
  }

  /** The database's clock: now, moved by `advance`, and strictly increasing (rows written in turn are ordered). */
  now(): Date {
    const ms = Math.max(Date.now() + this.offsetMs, this.lastMs + 1);
    this.lastMs = ms;
    return new Date(ms);
  }

  /** Moves the database's clock (a day later, an hour earlier). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

function replaceMap(target: Map<unknown, unknown>, rows: Map<unknown, unknown>): void {
  target.clear();
  for (const [key, value] of rows) target.set(key, value);
}

/** The manager of transaction `n`: a token whose every member throws (fakes only compare it). */
function managerToken(n: number): EntityManager {
  const token = new Proxy(
    { transaction: n },
    {
      get(object, property) {
        if (property === 'transaction') return object.transaction;
        if (typeof property === 'symbol' || property === 'then' || property === 'toJSON') return undefined;
        throw new Error(`FakeDatabase: the code under test used manager.${property} of transaction ${n}; only fake repositories may take the manager`);
      },
    },
  );
  return token as unknown as EntityManager;
}

import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

/**
 * Typed rows (docs/architecture.md, «Typed rows»). Every row read from PostgreSQL gets its type from one
 * row schema, declared beside the query's repository: `selectRows(db, CommentRow, sql, params)` answers
 * `z.output<typeof CommentRow>[]`, never `any`. With CHECK_ROWS=true (set by `npm test`) every row is
 * checked against its schema, so a schema that lies about a column (a bigint read as a number, a nullable column declared
 * non-null, a renamed alias) fails the test that reads it; elsewhere the rows are passed through as the
 * driver made them (checking costs time on every list, and a deployed portal would only turn a wrong
 * type into a refused request). The rows are returned as read either way, so a schema never transforms.
 *
 * Direct `.query()` calls are refused by lint outside this file and the migrations (eslint.config.mjs).
 */

/** A DataSource, an EntityManager (inside a transaction) or a QueryRunner. */
export type Queryable = Pick<EntityManager, 'query'>;

/** A row that does not match the schema its query declares (thrown with CHECK_ROWS=true only). */
export class RowShapeError extends Error {
  constructor(
    readonly sql: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`)
      .join('; ');
    super(`A row does not match its declared schema (${where}) in: ${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
    this.name = 'RowShapeError';
  }
}

// Read once: every query of a service asks, and the setting does not change while it runs.
const CHECKS_FROM_ENV = process.env.CHECK_ROWS === 'true';
let checkOverride: boolean | undefined;

/** For tests of the check itself: force checking on or off (undefined: back to CHECK_ROWS). */
export function setRowChecks(on: boolean | undefined): void {
  checkOverride = on;
}

function checksRows(): boolean {
  return checkOverride ?? CHECKS_FROM_ENV;
}

function checked<Row extends z.ZodType>(row: Row, sql: string, rows: unknown[]): z.output<Row>[] {
  if (checksRows()) {
    for (const each of rows) {
      const result = row.safeParse(each);
      if (!result.success) throw new RowShapeError(sql, result.error.issues);
    }
  }
  return rows as z.output<Row>[];
}

/** TypeORM's answer to an UPDATE or DELETE on PostgreSQL: [rows, count] (a SELECT's rows are objects). */
function isCommandAnswer(rows: unknown[]): boolean {
  return rows.length === 2 && Array.isArray(rows[0]) && typeof rows[1] === 'number';
}

/** The rows a SELECT (or a statement wrapped by `returning`) reads, typed by their schema. */
export async function selectRows<Row extends z.ZodType>(db: Queryable, row: Row, sql: string, params: readonly unknown[] = []): Promise<z.output<Row>[]> {
  const rows: unknown = await db.query(sql, params as unknown[]);
  if (!Array.isArray(rows) || isCommandAnswer(rows))
    throw new TypeError('selectRows reads the rows of a SELECT: wrap an UPDATE or DELETE … RETURNING in returning()');
  return checked(row, sql, rows);
}

/** The first row a query reads, or null when it reads none. */
export async function selectRow<Row extends z.ZodType>(db: Queryable, row: Row, sql: string, params: readonly unknown[] = []): Promise<z.output<Row> | null> {
  const rows = await selectRows(db, row, sql, params);
  return rows[0] ?? null;
}

/** A statement whose rows nobody reads (INSERT, UPDATE, DELETE, DDL). */
export async function execute(db: Queryable, sql: string, params: readonly unknown[] = []): Promise<void> {
  await db.query(sql, params as unknown[]);
}

/**
 * An UPDATE or DELETE … RETURNING as a SELECT, so that `selectRows` reads its rows: TypeORM answers
 * those two commands on PostgreSQL as [rows, count] rather than as rows.
 */
export function returning(statement: string): string {
  return `WITH changed AS (${statement}) SELECT * FROM changed`;
}

/**
 * A row that must exist (one the caller's transaction has just written or locked, an INSERT …
 * RETURNING's): its absence is a bug, thrown as such, never an answer such as a 404.
 */
export function existingRow<Row>(row: Row | null, what: string): Row {
  if (row === null) throw new Error(`${what}: expected a row, found none`);
  return row;
}

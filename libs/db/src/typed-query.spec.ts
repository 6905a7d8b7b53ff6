import { DataSource } from 'typeorm';
import { z } from 'zod';
import { RowShapeError, execute, returning, selectRow, selectRows, setRowChecks } from './typed-query';

const Item = z.object({ id: z.number().int(), name: z.string(), seen_at: z.date().nullable() });

describe('typed rows (real PostgreSQL)', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL, extra: { max: 1 } }).initialize();
    await execute(db, `CREATE TEMP TABLE typed_items (id int PRIMARY KEY, name text NOT NULL, seen_at timestamptz, big bigint)`);
    await execute(db, `INSERT INTO typed_items VALUES (1, 'один', NULL, 9007199254740993), (2, 'два', now(), 2)`);
  });
  afterAll(() => db.destroy());
  afterEach(() => setRowChecks(undefined));

  it('reads rows as their schema types them, and the first row or null', async () => {
    const rows = await selectRows(db, Item, `SELECT id, name, seen_at FROM typed_items ORDER BY id`);
    expect(rows.map((row) => row.name)).toEqual(['один', 'два']);
    expect(rows[1].seen_at).toBeInstanceOf(Date);
    expect(await selectRow(db, Item, `SELECT id, name, seen_at FROM typed_items WHERE id = $1`, [2])).toMatchObject({ id: 2 });
    expect(await selectRow(db, Item, `SELECT id, name, seen_at FROM typed_items WHERE id = $1`, [3])).toBeNull();
  });

  it('fails a query whose rows do not match the schema, naming the column (CHECK_ROWS, on in npm test)', async () => {
    expect(process.env.CHECK_ROWS).toBe('true');
    // A bigint arrives from the driver as text: a schema that calls it a number lies.
    const lying = z.object({ id: z.number().int(), big: z.number() });
    const error = await selectRows(db, lying, `SELECT id, big FROM typed_items`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RowShapeError);
    expect((error as RowShapeError).message).toContain('big');
  });

  it('passes rows through unchecked when checks are off, as a deployed service does', async () => {
    setRowChecks(false);
    const lying = z.object({ big: z.number() });
    const rows = await selectRows(db, lying, `SELECT big FROM typed_items ORDER BY id`);
    expect(rows[0].big).toBe('9007199254740993');
  });

  it('reads the rows of an UPDATE … RETURNING through returning(), and refuses a bare one', async () => {
    const renamed = await selectRows(db, Item, returning(`UPDATE typed_items SET name = 'первый' WHERE id = 1 RETURNING id, name, seen_at`));
    expect(renamed).toEqual([{ id: 1, name: 'первый', seen_at: null }]);
    await expect(selectRows(db, Item, `UPDATE typed_items SET name = 'x' WHERE id = 2 RETURNING id, name, seen_at`)).rejects.toThrow(/returning\(\)/);
  });
});

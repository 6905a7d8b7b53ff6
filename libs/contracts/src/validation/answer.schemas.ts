import { z } from 'zod';

// Building blocks of the answer schemas (*.answers.ts): what every service writes the same way.

/** A moment as the services answer it: `Date#toISOString()` (an offset is accepted too). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A numbered page (`Page<T>`): the items with the page, its size and the total. */
export const numberedPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** A call that only says it was done. */
export const acknowledgedSchema = z.object({ ok: z.literal(true) });

/** What a deletion answers: the id of what is gone. */
export const deletedOf = <Id extends z.ZodType>(id: Id) => z.object({ id, deleted: z.literal(true) });

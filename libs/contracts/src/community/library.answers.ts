import { z } from 'zod';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { isoDateTime, numberedPageOf } from '../validation/answer.schemas';
import { LIST_FILE_FORMATS, LIST_STATUSES } from './library.dto';

// What the list and rating operations answer (library.operations.ts); the types in library.dto.ts are these schemas' outputs.

export const animeListEntrySchema = z.object({
  animeId: z.number().int(),
  status: z.enum(LIST_STATUSES),
  /** Episodes watched, capped at the title's episode count when it is known. */
  progress: z.number().int(),
  userRating: z.number().int().nullable(),
  watchedEpisodes: z.array(z.number().int()),
  /** Completed passes after the first (a rewatch that reaches the last episode adds one). */
  rewatches: z.number().int(),
  anime: animeRefSchema,
  updatedAt: isoDateTime,
});

/** The entries per status. */
export const listCountsSchema = z.object(
  Object.fromEntries(LIST_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof LIST_STATUSES)[number], z.ZodNumber>,
);

/** A page of a list, most recently changed first, with the count per status. */
export const listPageAnswerSchema = numberedPageOf(animeListEntrySchema).extend({ counts: listCountsSchema });

export const listEntryRemovedSchema = z.object({ animeId: z.number().int(), removed: z.literal(true) });

export const animeRatingSummarySchema = z.object({
  animeId: z.number().int(),
  userRating: z.number().int(),
  /** The portal's own average over its viewers' ratings, and how many rated. */
  average: z.number(),
  votes: z.number().int(),
});

export const listImportReportSchema = z.object({
  format: z.enum(LIST_FILE_FORMATS),
  /** Entries the list did not have. */
  imported: z.number().int(),
  /** Entries the file changed. */
  updated: z.number().int(),
  /** Entries already as the file says (a second import of one file changes nothing). */
  unchanged: z.number().int(),
  /** Entries whose title the catalogue does not have, or whose lines were unreadable. */
  skipped: z.array(z.object({ line: z.number().int(), title: z.string().nullable(), reason: z.string() })),
});

/** The list as a file: the gateway sends it as a download. */
export const listFileSchema = z.object({ filename: z.string(), contentType: z.string(), body: z.string() });

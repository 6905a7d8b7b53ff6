import { z } from 'zod';
import { deletedOf } from '../validation/answer.schemas';
import { collectionDetailsSchema } from './catalogue.answers';

// What the admin's writes and tools answer (catalogue-admin.operations.ts); the types in anime.dto.ts are outputs of these.

const count = z.number().int();

export const animeDeletedSchema = deletedOf(z.number().int());

// A collection's covers are storage keys here (`collections/…`): the gateway deletes the files they name.

/** The collection changed, and the cover it replaced (null when it kept its cover or had none). */
export const collectionUpdatedSchema = collectionDetailsSchema.extend({ replacedCover: z.string().nullable() });

export const collectionDeletedSchema = animeDeletedSchema.extend({ cover: z.string().nullable() });

/** Sync jobs added (a title whose job is still pending is not queued twice). */
export const syncQueuedSchema = z.object({ queued: count });

/** The job queued: `sync-<shikimoriId>` or `background-<animeId>`. */
export const metadataJobSchema = z.object({ jobId: z.string() });

/** Shikimori's screenshots of a title, as absolute URLs. */
export const backgroundImagesSchema = z.object({ images: z.array(z.object({ original: z.string(), preview: z.string() })) });

export const metadataSyncProgressSchema = z.object({
  waiting: count,
  active: count,
  delayed: count,
  completed: count,
  failed: count,
  syncedTitles: count,
  titlesWithShikimoriId: count,
  recentFailures: z.array(z.object({ jobId: z.string(), shikimoriId: z.number().int(), reason: z.string(), attempts: count })),
});

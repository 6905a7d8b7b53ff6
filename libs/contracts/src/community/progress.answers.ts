import { z } from 'zod';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { rpcErrorPayloadSchema } from '../rpc/rpc-error.answers';
import { isoDateTime } from '../validation/answer.schemas';

// What the watch progress operations answer (progress.operations.ts); the types in library.dto.ts are these schemas' outputs.

/** A position inside an episode, in seconds; `duration` when the player knew the episode's length. */
export const progressPointSchema = z.object({
  animeId: z.number().int(),
  episode: z.number().int(),
  position: z.number(),
  duration: z.number().nullable(),
  updatedAt: isoDateTime,
});

export const continueWatchingItemSchema = progressPointSchema.extend({ anime: animeRefSchema });

export const progressDeletedSchema = z.object({ deleted: z.boolean() });

/** One save of a batch, answered alone: its point, or the refusal its caller gets. */
export const progressSaveResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), point: progressPointSchema }),
  z.object({ ok: z.literal(false), error: rpcErrorPayloadSchema }),
]);

import { z } from 'zod';
import { isoDateTime } from '../validation/answer.schemas';
import { ORDER_STATUSES } from './orders.dto';

// What the order desk's operations answer (orders.operations.ts); the types in orders.dto.ts are these schemas' outputs.

export const orderItemSchema = z.object({
  id: z.uuid(),
  /** The catalogue title, when the request names one (or an admin linked it). */
  animeId: z.number().int().nullable(),
  /** The catalogue's name of the title, or the name the user typed. */
  title: z.string(),
  poster: z.string().nullable(),
  note: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Only on a rejected request. */
  rejectionReason: z.string().nullable(),
  votes: z.number().int(),
  /** Whether the caller voted for it (false for guests). */
  voted: z.boolean(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
  author: z.object({ id: z.uuid(), username: z.string().nullable() }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const orderPageSchema = z.object({ items: z.array(orderItemSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** What POST /orders did: made a request, counted a vote for an open duplicate, or pointed at a title already on the portal. */
export const orderCreateResultSchema = z.object({
  outcome: z.enum(['created', 'voted', 'available']),
  /** Russian, for the user. */
  message: z.string(),
  /** The new request, or the open one the caller's vote went to; null when the title is already available. */
  order: orderItemSchema.nullable(),
  /** The id of the open request this one duplicated (outcome `voted`). */
  duplicateOf: z.uuid().nullable(),
  /** The title with episodes on the portal (outcome `available`). */
  available: z.object({ animeId: z.number().int(), title: z.string(), url: z.string() }).nullable(),
});

export const orderVoteStateSchema = z.object({ id: z.uuid(), votes: z.number().int(), voted: z.boolean() });

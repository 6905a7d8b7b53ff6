import { z } from 'zod';
import { deletedOf, isoDateTime } from '../validation/answer.schemas';

/** One message of the site-wide chat; `_id` repeats `id` for the clients of SPEC.md. A system message has no user. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  id: z.string(),
  userId: z.string().nullable(),
  username: z.string(),
  avatar: z.string().nullable(),
  message: z.string(),
  createdAt: isoDateTime,
  isSystem: z.boolean(),
});

/** A page in time order, oldest first; `nextCursor` asks for the page before it. */
export const chatMessagesPageSchema = z.object({ items: z.array(chatMessageSchema), nextCursor: z.string().nullable() });

export const chatMessageDeletedSchema = deletedOf(z.string());

export type ChatMessage = z.output<typeof chatMessageSchema>;

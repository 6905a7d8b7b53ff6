import { z } from 'zod';
import { withoutBidiControls } from '../validation/invisible-characters';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES } from './realtime-events';

// The site-wide chat (docs/realtime.md): the gateway parses every request with these, and the chat
// service parses what it receives with the same ones.

const LIMIT_MESSAGE = 'Лимит должен быть числом от 1 до 100';

/** A message id, which is also the cursor of older pages. */
const messageId = z.string().regex(/^\d{1,18}$/, { error: CHAT_MESSAGES.badCursor });

/** `?before&limit`: the latest messages, or those older than the cursor `before`. */
export const chatPageQuerySchema = z.object({
  before: z.preprocess((value) => (value === '' ? undefined : value), messageId.optional()),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: LIMIT_MESSAGE }).int().min(1, { error: LIMIT_MESSAGE }).max(100, { error: LIMIT_MESSAGE }).default(50),
  ),
});

/** POST /chat/messages: the text alone; the author is the caller's token. */
export const chatPostBodySchema = z.object({
  message: z
    .string({ error: CHAT_MESSAGES.empty })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: CHAT_MESSAGES.empty })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: CHAT_MESSAGES.tooLong }),
});

/** What the chat service receives: the message and the author's avatar, looked up by the gateway. */
export const chatPostSchema = chatPostBodySchema.extend({ avatar: z.string().max(2048).nullable().default(null) });

/** `/chat/messages/:id`. */
export const chatMessageParamsSchema = z.object({ id: messageId });

export type ChatPageQuery = z.output<typeof chatPageQuerySchema>;
export type ChatPost = z.output<typeof chatPostSchema>;
export type ChatMessageParams = z.output<typeof chatMessageParamsSchema>;

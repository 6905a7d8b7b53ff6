import { defineOperation } from '../operations/define-operation';
import { chatMessageDeletedSchema, chatMessageSchema, chatMessagesPageSchema } from './chat.answers';
import { chatMessageParamsSchema, chatPageQuerySchema, chatPostSchema } from './chat.schemas';

/**
 * The site-wide chat (docs/realtime.md). A message is posted through the gateway's own route, which
 * adds the author's avatar (apps/gateway/src/chat/chat.controller.ts); new and deleted messages reach
 * every client over the chat socket.
 */
export const CHAT_OPERATIONS = {
  list: defineOperation({
    pattern: 'chat.messages.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/chat/messages' },
    summary: 'Latest messages in time order; older pages with ?before=<nextCursor>',
    notes: '`limit` 1–100 (default 50). `items` are oldest first; send `nextCursor` as `before` for the page before.',
    request: chatPageQuerySchema,
    answer: chatMessagesPageSchema,
  }),
  post: defineOperation({
    pattern: 'chat.message.post',
    kind: 'write',
    access: 'user',
    creates: 'chat',
    summary: 'Post a message (1-500 characters after trimming) with the avatar the gateway looked up; the author is the caller',
    request: chatPostSchema,
    answer: chatMessageSchema,
  }),
  get: defineOperation({
    pattern: 'chat.message.get',
    kind: 'read',
    access: 'public',
    summary: 'Services: one message that is not deleted (what a report on it snapshots)',
    request: chatMessageParamsSchema,
    answer: chatMessageSchema,
  }),
  delete: defineOperation({
    pattern: 'chat.message.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/chat/messages/:id' },
    summary: 'Admin: delete a message; every client drops it',
    request: chatMessageParamsSchema,
    answer: chatMessageDeletedSchema,
  }),
};

import type { ChatMessage } from '@portal/contracts';

/** A chat message for tests and stories; `id` doubles as `_id`. */
export function makeChatMessage(overrides: Partial<ChatMessage> & { id: string }): ChatMessage {
  return {
    _id: overrides.id,
    userId: 'u-2',
    username: 'hinata',
    avatar: null,
    message: `Сообщение ${overrides.id}`,
    createdAt: '2025-03-01T12:00:00.000Z',
    isSystem: false,
    ...overrides,
  };
}

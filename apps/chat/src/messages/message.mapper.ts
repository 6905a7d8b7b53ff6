import type { ChatMessage } from '@portal/contracts';
import type { MessageRow } from './messages.repository';

export const toChatMessage = (row: MessageRow): ChatMessage => ({
  _id: row.id,
  id: row.id,
  userId: row.user_id,
  username: row.username,
  avatar: row.avatar,
  message: row.message,
  createdAt: row.created_at.toISOString(),
  isSystem: row.is_system,
});

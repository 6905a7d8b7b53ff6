/** The parts of the Telegram Bot API objects the portal reads (core.telegram.org/bots/api). */

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

export interface TelegramMessage {
  message_id: number;
  from?: TelegramUser;
  chat: { id: number; type: 'private' | 'group' | 'supergroup' | 'channel' };
  date: number;
  text?: string;
}

export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
}

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface TelegramChatMember {
  status: ChatMemberStatus;
  user: TelegramUser;
  /** Only on `restricted`: whether the user is still in the chat. */
  is_member?: boolean;
}

export interface TelegramChat {
  id: number;
  type: string;
  title?: string;
  username?: string;
  description?: string;
}

/** Every answer: `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }`. */
export type TelegramResponse<T> =
  { ok: true; result: T } | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number; migrate_to_chat_id?: number } };

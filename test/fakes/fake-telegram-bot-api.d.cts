export interface FakeTelegramOptions {
  botToken?: string;
  botUsername?: string;
  channel?: Partial<{ id: number; title: string; username: string; description: string }>;
}

export interface FakeSend {
  chatId: string;
  text: string;
  /** Milliseconds since the epoch, on the fake's clock, when the request arrived. */
  at: number;
}

export interface FakeUpdate {
  update_id: number;
  message: { message_id: number; from: { id: number }; chat: { id: number; type: 'private' }; date: number; text: string };
}

export interface FakeTelegram {
  url: string;
  botToken: string;
  botUsername: string;
  channel: { id: number; type: string; title: string; username: string; description: string };
  /** The channel membership getChatMember reports; users never set answer 400 «member not found». */
  setMember(userId: number, status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked', extra?: { is_member?: boolean }): void;
  /** The user pressed Start in the bot with this deep-link parameter: queues `/start <parameter>`. */
  pressStart(userId: number, startParameter: string): FakeUpdate;
  /** The next `times` sendMessage calls answer 429 with parameters.retry_after. */
  floodControl(retryAfterSeconds: number, times?: number): void;
  readonly webhook: { url: string; secretToken: string } | null;
  readonly pendingUpdates: number;
  /** Long polls ended because another getUpdates started (Telegram's 409 Conflict). */
  readonly conflicts: number;
  readonly activePolls: number;
  sends: FakeSend[];
  refusals: Array<FakeSend & { retryAfter: number }>;
  calls: Array<{ method: string; at: number }>;
  close(): Promise<void>;
}

export function startFakeTelegram(options?: FakeTelegramOptions): Promise<FakeTelegram>;

import { assertNoOpenTransaction } from '@portal/db';
import type { ChatMemberStatus, TelegramChat, TelegramChatMember, TelegramResponse, TelegramUpdate, TelegramUser } from './telegram.types';

/** A refusal of the Bot API; `retryAfterSeconds` is set on 429 (flood control). */
export class TelegramApiError extends Error {
  override readonly name = 'TelegramApiError';
  constructor(
    readonly method: string,
    readonly status: number,
    description: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${method}: ${status} ${description}`);
  }
}

const CALL_TIMEOUT_MS = 10_000;
const SUBSCRIBED: ReadonlySet<ChatMemberStatus> = new Set(['creator', 'administrator', 'member']);

/** Subscribed per getChatMember: a member, an admin or the owner, or restricted but still in the channel. */
export const isSubscribed = (member: TelegramChatMember) => SUBSCRIBED.has(member.status) || (member.status === 'restricted' && member.is_member === true);

/**
 * The Bot API over plain fetch (`POST <api>/bot<token>/<method>` with a JSON body). The token is
 * part of the URL, so neither the URL nor the request ever reaches a log: errors name the method.
 */
export class TelegramBotApiClient {
  constructor(
    private readonly apiUrl: string,
    private readonly botToken: string,
  ) {}

  getUpdates(offset: number | undefined, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]> {
    return this.call('getUpdates', { offset, timeout: timeoutSeconds, allowed_updates: ['message'] }, { timeoutMs: (timeoutSeconds + 10) * 1000, signal });
  }

  getChatMember(chatId: string, userId: number): Promise<TelegramChatMember> {
    return this.call('getChatMember', { chat_id: chatId, user_id: userId });
  }

  getMe(): Promise<TelegramUser> {
    return this.call('getMe', {});
  }

  getChat(chatId: string): Promise<TelegramChat> {
    return this.call('getChat', { chat_id: chatId });
  }

  sendMessage(chatId: string | number, text: string): Promise<unknown> {
    return this.call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
  }

  setWebhook(url: string, secretToken: string): Promise<boolean> {
    return this.call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
  }

  deleteWebhook(): Promise<boolean> {
    return this.call('deleteWebhook', { drop_pending_updates: false });
  }

  private async call<T>(method: string, body: object, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> {
    assertNoOpenTransaction(`HTTP Telegram Bot API ${method}`);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}/bot${this.botToken}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      // fetch's own message may quote the URL, and with it the token.
      throw new TelegramApiError(method, 0, error instanceof Error ? error.name : 'network error', null);
    }
    const answer = (await response.json().catch(() => null)) as TelegramResponse<T> | null;
    if (answer?.ok) return answer.result;
    throw new TelegramApiError(
      method,
      answer?.error_code ?? response.status,
      answer?.description ?? response.statusText,
      answer?.parameters?.retry_after ?? null,
    );
  }
}

import type { AuthEnv } from '@portal/config';

export const TELEGRAM_SETTINGS = Symbol('TELEGRAM_SETTINGS');

/** The bot as configured; `null` when the token or the channel is missing (the check is off). */
export interface TelegramSettings {
  apiUrl: string;
  botToken: string;
  channel: string;
  botUsername: string | null;
  webhook: { url: string; secret: string } | null;
  sessionTtlSeconds: number;
  pollTimeoutSeconds: number;
  sendPerSecond: number;
  chatIntervalMs: number;
}

export function telegramSettingsOf(config: AuthEnv): TelegramSettings | null {
  if (!config.TELEGRAM_BOT_TOKEN || !config.TELEGRAM_CHANNEL) return null;
  return {
    apiUrl: config.TELEGRAM_API_URL.replace(/\/+$/, ''),
    botToken: config.TELEGRAM_BOT_TOKEN,
    channel: config.TELEGRAM_CHANNEL,
    botUsername: config.TELEGRAM_BOT_USERNAME ?? null,
    webhook:
      config.TELEGRAM_WEBHOOK_URL && config.TELEGRAM_WEBHOOK_SECRET ? { url: config.TELEGRAM_WEBHOOK_URL, secret: config.TELEGRAM_WEBHOOK_SECRET } : null,
    sessionTtlSeconds: config.TELEGRAM_SESSION_TTL_SECONDS,
    pollTimeoutSeconds: config.TELEGRAM_POLL_TIMEOUT_SECONDS,
    sendPerSecond: config.TELEGRAM_SEND_PER_SECOND,
    chatIntervalMs: config.TELEGRAM_CHAT_INTERVAL_MS,
  };
}

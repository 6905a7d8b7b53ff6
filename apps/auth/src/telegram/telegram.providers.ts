import type { Provider } from '@nestjs/common';
import type { AuthEnv } from '@portal/config';
import { TelegramBotApiClient } from './bot-api/telegram-bot-api.client';
import { TelegramUpdatesPoller } from './jobs/telegram-updates.poller';
import { TelegramNoticesSettingsService } from './notices/telegram-notices-settings.service';
import { TelegramNoticesListener } from './notices/telegram-notices.listener';
import { TelegramNoticesQueue } from './notices/telegram-notices.queue';
import { TelegramNoticesWorker } from './notices/telegram-notices.worker';
import { TelegramSendLimiter } from './notices/telegram-send-limiter';
import { SubscriptionCheckService } from './services/subscription-check.service';
import { TelegramChannelService } from './services/telegram-channel.service';
import { TelegramSessionsStore } from './services/telegram-sessions.store';
import { TelegramVerificationService } from './services/telegram-verification.service';
import { TELEGRAM_SETTINGS, telegramSettingsOf } from './telegram.settings';
import { TELEGRAM_BOT_API } from './telegram.tokens';

/** The Telegram check's parts; with the bot not configured, the settings and the client are `null`. */
export function telegramProviders(config: AuthEnv): Provider[] {
  const settings = telegramSettingsOf(config);
  return [
    { provide: TELEGRAM_SETTINGS, useValue: settings },
    { provide: TELEGRAM_BOT_API, useValue: settings ? new TelegramBotApiClient(settings.apiUrl, settings.botToken) : null },
    TelegramSessionsStore,
    SubscriptionCheckService,
    TelegramChannelService,
    TelegramVerificationService,
    TelegramUpdatesPoller,
    TelegramNoticesSettingsService,
    TelegramSendLimiter,
    TelegramNoticesQueue,
    TelegramNoticesWorker,
    TelegramNoticesListener,
  ];
}

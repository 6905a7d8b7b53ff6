import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { TELEGRAM_START_PREFIX } from '@portal/contracts';
import { isSubscribed, TelegramApiError, type TelegramBotApiClient } from '../bot-api/telegram-bot-api.client';
import type { TelegramUpdate } from '../bot-api/telegram.types';
import { TELEGRAM_BOT_STRINGS } from '../telegram-bot.strings';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';
import { AUTH_LOGGER } from '../../auth.tokens';
import { TELEGRAM_BOT_API } from '../telegram.tokens';
import { TelegramSessionsStore } from './telegram-sessions.store';

const START_COMMAND = new RegExp(`^/start(?:@\\w+)?\\s+${TELEGRAM_START_PREFIX}([\\w-]{1,58})$`);

/**
 * The bot's one job: on `/start check_<token>` from a private chat, ask Telegram whether the sender
 * is in the channel and, if so, mark the session verified with their Telegram user id.
 */
@Injectable()
export class SubscriptionCheckService {
  constructor(
    private readonly sessions: TelegramSessionsStore,
    @Inject(TELEGRAM_BOT_API) private readonly bot: TelegramBotApiClient,
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {}

  async handle(update: TelegramUpdate): Promise<void> {
    const message = update.message;
    const token = message?.text?.trim().match(START_COMMAND)?.[1];
    if (!message || !token || message.chat.type !== 'private' || !message.from || message.from.is_bot) return;
    const telegramUserId = message.from.id;

    if (!(await this.sessions.exists(token))) return this.reply(message.chat.id, TELEGRAM_BOT_STRINGS.sessionUnknown);
    if (!(await this.subscribed(telegramUserId))) return this.reply(message.chat.id, TELEGRAM_BOT_STRINGS.notSubscribed);
    const marked = await this.sessions.markVerified(token, String(telegramUserId));
    await this.reply(message.chat.id, marked ? TELEGRAM_BOT_STRINGS.verified : TELEGRAM_BOT_STRINGS.sessionUnknown);
  }

  private async subscribed(telegramUserId: number): Promise<boolean> {
    try {
      return isSubscribed(await this.bot.getChatMember(this.settings.channel, telegramUserId));
    } catch (error) {
      // 400 «user not found» / «member not found»: never joined. Anything else is retried with the update.
      if (error instanceof TelegramApiError && error.status === 400) return false;
      throw error;
    }
  }

  /** A lost reply costs the user a retry of the link, not the verification: it is logged, not thrown. */
  private async reply(chatId: number, text: string): Promise<void> {
    await this.bot.sendMessage(chatId, text).catch((error: unknown) => this.logger.warn({ err: error }, 'telegram reply failed'));
  }
}

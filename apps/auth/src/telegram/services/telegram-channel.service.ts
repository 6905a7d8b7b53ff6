import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { TelegramChannelInfo } from '@portal/contracts';
import { AUTH_LOGGER } from '../../auth.tokens';
import type { TelegramBotApiClient } from '../bot-api/telegram-bot-api.client';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';
import { TELEGRAM_BOT_API } from '../telegram.tokens';

const CACHE_MS = 10 * 60_000;
type Channel = NonNullable<TelegramChannelInfo['channel']>;

/** The channel's card and the bot's link, read from Telegram once in a while (they rarely change). */
@Injectable()
export class TelegramChannelService {
  private channel: { value: Channel; until: number } | undefined;
  private botUsername: string | null;

  constructor(
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings | null,
    @Inject(TELEGRAM_BOT_API) private readonly bot: TelegramBotApiClient | null,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {
    this.botUsername = settings?.botUsername ?? null;
  }

  get enabled(): boolean {
    return this.settings !== null;
  }

  async info(): Promise<TelegramChannelInfo> {
    if (!this.settings || !this.bot) return { required: false, channel: null };
    if (!this.channel || this.channel.until < Date.now()) {
      this.channel = { value: await this.readChannel(this.bot, this.settings.channel), until: Date.now() + CACHE_MS };
    }
    return { required: true, channel: this.channel.value };
  }

  async botUrl(): Promise<string> {
    if (!this.botUsername && this.bot) this.botUsername = (await this.bot.getMe()).username ?? null;
    if (!this.botUsername) throw new Error('the bot has no username');
    return `https://t.me/${this.botUsername}`;
  }

  /** A channel Telegram cannot describe right now is still named, so registration is not blocked. */
  private async readChannel(bot: TelegramBotApiClient, channel: string): Promise<Channel> {
    const fallbackUsername = channel.startsWith('@') ? channel.slice(1) : '';
    try {
      const chat = await bot.getChat(channel);
      const username = chat.username ?? fallbackUsername;
      return { title: chat.title ?? username, description: chat.description ?? '', username, url: username ? `https://t.me/${username}` : '' };
    } catch (error) {
      this.logger.warn({ err: error }, 'telegram getChat failed');
      return {
        title: fallbackUsername || channel,
        description: '',
        username: fallbackUsername,
        url: fallbackUsername ? `https://t.me/${fallbackUsername}` : '',
      };
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';

/**
 * Telegram counts on its own clock and the network moves sends a little: the spacing keeps 5 % in
 * hand so a burst seen at Telegram still fits in its limits.
 */
const SAFETY = 1.05;
const KEY_TTL_MS = 60_000;

/**
 * Reserves a send slot on Redis's clock (one for every replica): the chat's next slot must have
 * come (else: wait `waitMs`, not reserved), then the bot's next global slot is taken. Slots are
 * spaced, not counted per window, so no second of Telegram's holds more than the limit.
 */
const RESERVE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local chatNext = tonumber(redis.call('GET', KEYS[2]) or '0')
if chatNext > now then return {0, chatNext - now} end
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], slot + tonumber(ARGV[1]), 'PX', slot - now + tonumber(ARGV[3]))
redis.call('SET', KEYS[2], slot + tonumber(ARGV[2]), 'PX', slot - now + tonumber(ARGV[2]) + tonumber(ARGV[3]))
return {1, slot - now}`;

/** Nothing goes out before `now + ms` (Telegram's retry_after applies to the whole bot). */
const PAUSE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local resume = now + tonumber(ARGV[1])
if resume > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], resume, 'PX', tonumber(ARGV[1]) + tonumber(ARGV[2])) end
return resume - now`;

export type SendSlot = { reserved: true; waitMs: number } | { reserved: false; waitMs: number };

/** Telegram's flood limits for the notices: TELEGRAM_SEND_PER_SECOND for the bot, one per TELEGRAM_CHAT_INTERVAL_MS per chat. */
@Injectable()
export class TelegramSendLimiter {
  private readonly globalGapMs: number;
  private readonly chatGapMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(TELEGRAM_SETTINGS) settings: TelegramSettings | null,
  ) {
    this.globalGapMs = Math.ceil((1000 / (settings?.sendPerSecond ?? 30)) * SAFETY);
    this.chatGapMs = Math.ceil((settings?.chatIntervalMs ?? 1000) * SAFETY);
  }

  async reserve(chatId: string): Promise<SendSlot> {
    const [reserved, waitMs] = (await this.redis.eval(RESERVE, 2, this.globalKey(), this.chatKey(chatId), this.globalGapMs, this.chatGapMs, KEY_TTL_MS)) as [
      number,
      number,
    ];
    return { reserved: reserved === 1, waitMs };
  }

  async pauseAll(ms: number): Promise<void> {
    await this.redis.eval(PAUSE, 1, this.globalKey(), ms, KEY_TTL_MS);
  }

  private globalKey() {
    return `${this.redisOptions.keyPrefix}auth:tg:send:next`;
  }

  private chatKey(chatId: string) {
    return `${this.redisOptions.keyPrefix}auth:tg:send:chat:${chatId}`;
  }
}

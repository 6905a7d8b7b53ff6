import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { cardGrantsAliveKey, type CardRewardAnswer, type RpcMeta } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions, RpcClient } from '@portal/messaging';

/** How long the registration answer waits for its card (the worker grants within this on a healthy portal). */
export const REGISTRATION_CARD_WAIT_MS = 2000;
/** How long a list update waits for the day's list card, only while the day's key is not yet granted. */
export const LIST_CARD_WAIT_MS = 1000;

const NONE: CardRewardAnswer = { cardReward: null, cardGrantId: null };

/**
 * The `cardReward` of an answer (SPEC): the grant under an idempotency key, if the rewards service
 * makes it within a short wait. Never fails the answer: the card also arrives over the socket
 * (`reward:card`), so a slow or absent rewards service only means the socket shows the dialog.
 */
@Injectable()
export class CardRewards {
  private readonly logger = new Logger(CardRewards.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {}

  /** `since`: a grant stored before it is not this answer's (the day's list card of an earlier update). */
  async await(key: string, waitMs: number, meta: RpcMeta, since?: Date): Promise<CardRewardAnswer> {
    try {
      if (!(await this.redis.exists(cardGrantsAliveKey(this.options.keyPrefix)))) return NONE;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<CardRewardAnswer>((resolve) => {
        timer = setTimeout(() => resolve(NONE), waitMs + 500);
      });
      const answer = this.rpc.send('rewards.grant.await', { key, waitMs, ...(since ? { since: since.toISOString() } : {}) }, { requestId: meta.requestId });
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
        answer.catch(() => undefined);
      }
    } catch (error) {
      this.logger.warn(`card reward ${key} not read: ${String(error)}`);
      return NONE;
    }
  }
}

/** The answer with `cardReward` and `cardGrantId` when a card was granted, unchanged otherwise. */
export function withCardReward<T extends object>(answer: T, reward: CardRewardAnswer): T & { cardReward?: string; cardGrantId?: string } {
  return reward.cardReward && reward.cardGrantId ? { ...answer, cardReward: reward.cardReward, cardGrantId: reward.cardGrantId } : answer;
}

/** The key of the day's list card (UTC day). */
export const listCardKey = (userId: string, at = new Date()) => `list:${userId}:${at.toISOString().slice(0, 10)}`;

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { CARD_AWAIT_MAX_MS, type CardRewardAnswer } from '@portal/contracts';
import type { CardGrantAwaitRequest } from '@portal/contracts/schemas';
import { createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { cardGrantedChannel } from './card-grants.job';
import { CardsRepository } from './cards.repository';

const POLL_MS = 250;
const NONE: CardRewardAnswer = { cardReward: null, cardGrantId: null };

/**
 * `rewards.grant.await`: the grant under a key as soon as it is committed. The worker publishes each
 * committed key on one channel (one subscription per process wakes the waiters of that key); a poll
 * every POLL_MS covers a missed message and grants made by another replica before we subscribed.
 */
@Injectable()
export class CardAwait implements OnApplicationShutdown {
  private subscriber: Redis | undefined;
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly cards: CardsRepository,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
  ) {}

  async await({ key, waitMs, since }: CardGrantAwaitRequest): Promise<CardRewardAnswer> {
    const notBefore = since ? Date.parse(since) : null;
    const deadline = Date.now() + Math.min(waitMs, CARD_AWAIT_MAX_MS);
    const answer = async (): Promise<CardRewardAnswer | null> => {
      const grant = await this.cards.grantOf(key);
      if (!grant) return null;
      // A grant from before the request (an earlier list update of the day) is not this answer's. Clock
      // skew between the gateway and the database errs either way harmlessly: an old grant reported
      // again (the web dedupes by grantId) or a new one left to the socket.
      if (notBefore !== null && grant.created_at.getTime() < notBefore) return NONE;
      return { cardReward: grant.file, cardGrantId: grant.id };
    };
    const first = await answer();
    if (first || waitMs <= 0) return first ?? NONE;
    this.subscribe();
    while (Date.now() < deadline) {
      await this.wake(key, Math.min(POLL_MS, deadline - Date.now()));
      const found = await answer();
      if (found) return found;
    }
    return NONE;
  }

  private wake(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(key) ?? new Set<() => void>();
      this.waiters.set(key, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, Math.max(ms, 0));
      set.add(done);
    });
  }

  private subscribe() {
    if (this.subscriber) return;
    const channel = cardGrantedChannel(this.options.keyPrefix);
    this.subscriber = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, key: string) => {
      for (const wake of [...(this.waiters.get(key) ?? [])]) wake();
    });
    void this.subscriber.subscribe(channel).catch(() => undefined);
  }

  async onApplicationShutdown() {
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
  }
}

import type Redis from 'ioredis';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const ALLOWED: LimitDecision = { allowed: true };

interface KeyState {
  /** When the key's window ends (ms): the first request of a window starts it, as Redis's key TTL. */
  resetAt: number;
  /** Requests admitted here and not yet added to the shared count. */
  pending: number;
  /** The shared count as last read from Redis, this replica's flushed requests included. */
  known: number;
}

export interface SharedWindowLimiterOptions {
  limit: number;
  windowMs: number;
  /** How often local counts are added to Redis. */
  flushMs: number;
  /**
   * The share of the limit a replica may admit on its own knowledge. Beyond it every request asks
   * Redis, so the limit stays exact where it matters.
   */
  localShare: number;
}

/**
 * Counts requests per key in fixed windows shared by every replica through Redis (a key's window
 * starts with its first request and is the Redis key's expiry), without a Redis
 * round trip per request. While a key is far from its limit, this replica admits requests and adds
 * them to Redis in one pipeline per flush interval; near the limit each request increments Redis
 * and waits for the total. A key already over its limit is refused without asking Redis again.
 * Across replicas, requests admitted within one flush interval can exceed the limit by at most
 * `localShare` of it per replica; one replica alone is exact.
 */
export class SharedWindowLimiter {
  private readonly keys = new Map<string, KeyState>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly redisKeyPrefix: string,
    private readonly options: SharedWindowLimiterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
  }

  /** The decision, made here without Redis while the key is far from its limit or already over it. */
  consume(key: string): LimitDecision | Promise<LimitDecision> {
    const now = Date.now();
    const state = this.stateOf(key, now);
    if (state.known >= this.options.limit) return { allowed: false, retryAfterMs: state.resetAt - now };
    if (state.known + state.pending + 1 <= this.options.limit * this.options.localShare) {
      state.pending += 1;
      return ALLOWED;
    }
    return this.consumeShared(key, state);
  }

  private async consumeShared(key: string, state: KeyState): Promise<LimitDecision> {
    const increment = state.pending + 1;
    state.pending = 0;
    const pipeline = this.redis.pipeline();
    this.queueAdd(pipeline, key, increment);
    const results = await pipeline.exec();
    const failure = this.learn(state, results, 0);
    if (failure) throw failure;
    return state.known <= this.options.limit ? ALLOWED : { allowed: false, retryAfterMs: state.resetAt - Date.now() };
  }

  /** Adds every key's pending count to Redis in one pipeline and learns the shared totals. */
  flush(): Promise<void> {
    this.flushing ??= this.flushPending().finally(() => (this.flushing = null));
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private stateOf(key: string, now: number): KeyState {
    const state = this.keys.get(key);
    if (state && now < state.resetAt) return state;
    // Counts of a finished window are dropped with it, as Redis drops the expired key.
    const fresh = { resetAt: now + this.options.windowMs, pending: 0, known: 0 };
    this.keys.set(key, fresh);
    return fresh;
  }

  private async flushPending(): Promise<void> {
    const now = Date.now();
    const batch: Array<[string, KeyState, number]> = [];
    for (const [key, state] of this.keys) {
      if (state.pending > 0) {
        batch.push([key, state, state.pending]);
        state.pending = 0;
      } else if (state.resetAt <= now) {
        this.keys.delete(key);
      }
    }
    if (batch.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [key, , count] of batch) this.queueAdd(pipeline, key, count);
    try {
      const results = await pipeline.exec();
      batch.forEach(([, state, count], i) => {
        if (this.learn(state, results, i)) state.pending += count;
      });
    } catch {
      // Redis is away: keep the counts for the next flush rather than forget them.
      for (const [, state, count] of batch) state.pending += count;
    }
  }

  private static readonly COMMANDS_PER_ADD = 3;

  private queueAdd(pipeline: ReturnType<Redis['pipeline']>, key: string, count: number) {
    const redisKey = `${this.redisKeyPrefix}:${key}`;
    pipeline.incrby(redisKey, count);
    // The first increment of a window starts its clock; later ones leave it running.
    pipeline.pexpire(redisKey, this.options.windowMs, 'NX');
    pipeline.pttl(redisKey);
  }

  /** Takes the shared total and the window's end from the `index`-th add of a pipeline's answers. */
  private learn(state: KeyState, results: [Error | null, unknown][] | null, index: number): Error | null {
    const at = index * SharedWindowLimiter.COMMANDS_PER_ADD;
    const [error, total] = results?.[at] ?? [new Error('Redis gave no answer'), 0];
    if (error) return error;
    state.known = Math.max(state.known, Number(total));
    const ttl = Number(results?.[at + 2]?.[1]);
    if (ttl > 0) state.resetAt = Date.now() + ttl;
    return null;
  }
}

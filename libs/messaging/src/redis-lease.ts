import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * A lease on one Redis key: at most one holder in the cluster at a time. The holder renews it well
 * before it lapses; a holder that dies loses it after `ttlMs`, and another replica takes over.
 * `held` turns false as soon as a renewal finds the key gone or taken, so the work it guards stops.
 */
export class RedisLease {
  private readonly owner = randomUUID();
  private renewTimer: NodeJS.Timeout | undefined;
  private holding = false;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlMs: number,
  ) {}

  get held(): boolean {
    return this.holding;
  }

  /** Takes the lease when it is free; renews it every third of its lifetime while held. */
  async tryAcquire(): Promise<boolean> {
    if (this.holding) return true;
    const taken = await this.redis.set(this.key, this.owner, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return false;
    this.holding = true;
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 3)));
    this.renewTimer.unref();
    return true;
  }

  /** Confirms the lease is still ours right now (before committing work that only the holder may). */
  async renew(): Promise<boolean> {
    if (!this.holding) return false;
    const renewed = await this.redis.eval(RENEW, 1, this.key, this.owner, this.ttlMs).catch(() => 0);
    if (renewed !== 1) this.lose();
    return this.holding;
  }

  async release(): Promise<void> {
    const wasHolding = this.holding;
    this.lose();
    if (wasHolding) await this.redis.eval(RELEASE, 1, this.key, this.owner).catch(() => undefined);
  }

  private lose() {
    this.holding = false;
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
  }
}

import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { SharedWindowLimiter } from '../../apps/gateway/src/http/shared-window-limiter';

describe('the gateway-wide request limiter shared through Redis', () => {
  const redis = new Redis(process.env.REDIS_URL as string);
  const limiters: SharedWindowLimiter[] = [];
  let prefix: string;

  // A flush interval no test waits for: every flush here is explicit.
  const limiter = (limit: number, windowMs = 60_000) => {
    const created = new SharedWindowLimiter(redis, prefix, { limit, windowMs, flushMs: 3_600_000, localShare: 0.5 });
    limiters.push(created);
    return created;
  };
  const admitted = async (replica: SharedWindowLimiter, requests: number, key = 'client') => {
    let count = 0;
    for (let i = 0; i < requests; i++) if ((await replica.consume(key)).allowed) count++;
    return count;
  };

  beforeEach(() => {
    prefix = `test:${randomUUID()}:rl`;
  });
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((created) => created.stop()));
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(() => redis.quit());

  it('admits exactly the limit on one replica, then refuses until the window ends', async () => {
    const replica = limiter(10);
    expect(await admitted(replica, 10)).toBe(10);
    const refused = await replica.consume('client');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.allowed === false && refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await replica.consume('another client')).allowed).toBe(true);
  });

  it('admits exactly the limit in all when two replicas serve one client in turn, flushing between requests', async () => {
    const replicas = [limiter(10), limiter(10)];
    let count = 0;
    for (let i = 0; i < 30; i++) {
      if ((await replicas[i % 2].consume('client')).allowed) count++;
      await Promise.all(replicas.map((replica) => replica.flush()));
    }
    expect(count).toBe(10);
  });

  it('lets at most half the limit per replica through between flushes', async () => {
    const replicas = [limiter(10), limiter(10)];
    let count = 0;
    for (let i = 0; i < 30; i++) if ((await replicas[i % 2].consume('client')).allowed) count++;
    expect(count).toBeGreaterThanOrEqual(10);
    expect(count).toBeLessThanOrEqual(10 + 5);
  });

  it('does not ask Redis while a client is far from the limit, and adds its count on the next flush', async () => {
    const replica = limiter(1000);
    expect(await admitted(replica, 100)).toBe(100);
    expect(await redis.exists(`${prefix}:client`)).toBe(0);
    await replica.flush();
    expect(await redis.get(`${prefix}:client`)).toBe('100');
    const ttl = await redis.pttl(`${prefix}:client`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('learns what other replicas admitted when it flushes, and stops at the shared limit', async () => {
    const [a, b] = [limiter(1000), limiter(1000)];
    expect(await admitted(a, 400)).toBe(400);
    await a.flush();
    expect(await admitted(b, 400)).toBe(400);
    await b.flush();
    // B knows of 800: every further request is counted in Redis before it is admitted.
    expect(await admitted(b, 300)).toBe(200);
    // A still believes 400 until its own next flush: what it admits meanwhile is the bounded overshoot.
    expect(await admitted(a, 10)).toBe(10);
    await a.flush();
    expect(await admitted(a, 10)).toBe(0);
    expect(await redis.get(`${prefix}:client`)).toBe('1010');
  });

  it('opens a new window when the old one has expired', async () => {
    const replica = limiter(3, 300);
    expect(await admitted(replica, 5)).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await admitted(replica, 5)).toBe(3);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const flaky = new Redis(process.env.REDIS_URL as string);
    await flaky.quit();
    const replica = new SharedWindowLimiter(flaky, prefix, { limit: 1000, windowMs: 60_000, flushMs: 3_600_000, localShare: 0.5 });
    expect(await admitted(replica, 20)).toBe(20);
    await replica.flush();
    expect(await redis.exists(`${prefix}:client`)).toBe(0);
    await flaky.connect();
    await replica.flush();
    expect(await redis.get(`${prefix}:client`)).toBe('20');
    await replica.stop();
    await flaky.quit();
  });
});

import type Redis from 'ioredis';
import { ActiveUsersTracker } from './active-users.tracker';

/** A Redis that records the PFADDs of each MULTI (or fails them all). */
function fakeRedis(fail = false) {
  const added: Array<[string, string]> = [];
  const redis = {
    multi() {
      const batch: Array<[string, string]> = [];
      const chain = {
        pfadd: (key: string, member: string) => (batch.push([key, member]), chain),
        expire: () => chain,
        exec: async () => {
          if (fail) throw new Error('connection lost');
          added.push(...batch);
          return [];
        },
      };
      return chain;
    },
  };
  return { redis: redis as unknown as Redis, added };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ActiveUsersTracker', () => {
  it('adds a user to the day’s HyperLogLog once a day, again on the next Moscow day', async () => {
    const { redis, added } = fakeRedis();
    const tracker = new ActiveUsersTracker(redis, { url: 'redis://x', keyPrefix: 'p:' });
    tracker.seen('u-1', new Date('2026-11-26T10:00:00Z'));
    tracker.seen('u-1', new Date('2026-11-26T12:00:00Z'));
    tracker.seen('u-2', new Date('2026-11-26T12:00:00Z'));
    tracker.seen('u-1', new Date('2026-11-26T21:30:00Z'));
    await flush();
    expect(added).toEqual([
      ['p:stats:active:2026-11-26', 'u-1'],
      ['p:stats:active:2026-11-26', 'u-2'],
      ['p:stats:active:2026-11-27', 'u-1'],
    ]);
  });

  it('never fails the request when Redis is away, and tries again at the next one', async () => {
    const { redis } = fakeRedis(true);
    const tracker = new ActiveUsersTracker(redis, { url: 'redis://x', keyPrefix: 'p:' });
    const multi = jest.spyOn(redis, 'multi');
    expect(() => tracker.seen('u-1', new Date('2026-11-26T10:00:00Z'))).not.toThrow();
    await flush();
    tracker.seen('u-1', new Date('2026-11-26T10:01:00Z'));
    expect(multi).toHaveBeenCalledTimes(2);
  });
});

import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { ErrorCode } from '@portal/contracts';
import type { CommentsRepository } from '../comments.repository';
import { CommentLimits } from './comment-limits';

/**
 * A comment request taken over from a dead replica runs again under the same call id: the turn the
 * first run took must not refuse it (real Redis; the daily count, read from the table, is empty here).
 */
describe('CommentLimits across a re-run of one write call', () => {
  const redis = new Redis(process.env.REDIS_URL as string);
  const keyPrefix = `${process.env.REDIS_KEY_PREFIX ?? 'test:'}limits-${randomUUID().slice(0, 8)}:`;
  const noComments = { recentBy: async () => [] } as unknown as CommentsRepository;
  const limits = new CommentLimits(noComments, redis, { url: '', keyPrefix }, { perSeconds: 60, daily: 100 });

  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('takes one turn for a call however often it runs, and refuses another call within the window', async () => {
    const user = randomUUID();
    const call = randomUUID();
    await limits.consume(user, call);
    await expect(limits.consume(user, call)).resolves.toBeUndefined();
    await expect(limits.consume(user, randomUUID())).rejects.toMatchObject({ payload: { code: ErrorCode.RateLimited } });
    await expect(limits.consume(user)).rejects.toMatchObject({ payload: { code: ErrorCode.RateLimited } });
  });
});

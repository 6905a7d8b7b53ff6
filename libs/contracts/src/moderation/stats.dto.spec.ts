import { activeUsersKey, statsDayOf, statsDaysEnding } from './stats.dto';
import { statsQuerySchema } from './moderation.schemas';

describe('statistics days', () => {
  it('counts a day in Moscow time: 21:00 UTC is already the next day', () => {
    expect(statsDayOf('2026-11-26T20:59:59.999Z')).toBe('2026-11-26');
    expect(statsDayOf('2026-11-26T21:00:00.000Z')).toBe('2026-11-27');
    expect(statsDayOf(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
  });

  it('lists the range ending today, oldest first, across month ends', () => {
    expect(statsDaysEnding(new Date('2026-12-02T10:00:00Z'), 3)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(statsDaysEnding(new Date('2026-12-02T10:00:00Z'), 90)).toHaveLength(90);
  });

  it('names one HyperLogLog per day under the deployment prefix', () => {
    expect(activeUsersKey('portal:', '2026-11-26')).toBe('portal:stats:active:2026-11-26');
  });
});

describe('the statistics range', () => {
  it('takes 7, 30 or 90 (7 when absent), from a query string or a number', () => {
    expect(statsQuerySchema.parse({}).days).toBe(7);
    expect(statsQuerySchema.parse({ days: '30' }).days).toBe(30);
    expect(statsQuerySchema.parse({ days: 90 }).days).toBe(90);
  });

  it('refuses anything else, naming days', () => {
    for (const days of ['5', '0', 'week', '7.5', 365]) {
      const result = statsQuerySchema.safeParse({ days });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['days']);
    }
  });
});

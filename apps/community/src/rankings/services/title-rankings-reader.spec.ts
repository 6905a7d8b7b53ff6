import { jest } from '@jest/globals';
import type { TitleRankingsRepository } from '../title-rankings.repository';
import { TitleRankingsReader } from './title-rankings-reader';

describe('TitleRankingsReader', () => {
  const repository = (topRated: () => Promise<never[]>) => ({ topRated: jest.fn(topRated), mostWatched: jest.fn(async () => []) });

  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('answers every caller from one read until the cache time has passed', async () => {
    const titles = repository(async () => []);
    const reader = new TitleRankingsReader(titles as unknown as TitleRankingsRepository, { minVotes: 5, cacheMs: 60_000 });
    await Promise.all([reader.read(), reader.read()]);
    jest.setSystemTime(new Date('2026-11-26T12:00:59Z'));
    await reader.read();
    expect(titles.topRated).toHaveBeenCalledTimes(1);
    jest.setSystemTime(new Date('2026-11-26T12:01:00Z'));
    expect(await reader.read()).toEqual({ topRated: [], mostWatched: [], minVotes: 5 });
    expect(titles.topRated).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed read, and nothing with a cache time of 0', async () => {
    let fail = true;
    const titles = repository(async () => {
      if (fail) throw new Error('database down');
      return [];
    });
    const reader = new TitleRankingsReader(titles as unknown as TitleRankingsRepository, { minVotes: 5, cacheMs: 60_000 });
    await expect(reader.read()).rejects.toThrow('database down');
    fail = false;
    await expect(reader.read()).resolves.toMatchObject({ minVotes: 5 });
    const uncached = new TitleRankingsReader(titles as unknown as TitleRankingsRepository, { minVotes: 5, cacheMs: 0 });
    await uncached.read();
    await uncached.read();
    expect(titles.topRated).toHaveBeenCalledTimes(4);
  });
});

import { cacheKeyOf } from './catalogue-response-cache';

describe('the catalogue cache key of a URL', () => {
  it('is the path alone without a query, and null for what is not cached', () => {
    expect(cacheKeyOf('/api/anime/popular')).toBe('/api/anime/popular');
    expect(cacheKeyOf('/api/anime/popular?')).toBe('/api/anime/popular');
    expect(cacheKeyOf('/api/anime/20/stats')).toBeNull();
    expect(cacheKeyOf('/api/progress?animeId=20')).toBeNull();
  });

  it('sorts the query, so the same question shares one entry', () => {
    expect(cacheKeyOf('/api/anime?sort=score&page=2&genre=drama')).toBe('/api/anime?genre=drama&page=2&sort=score');
    expect(cacheKeyOf('/api/anime?page=2&sort=score&genre=drama')).toBe(cacheKeyOf('/api/anime?genre=drama&sort=score&page=2'));
  });
});

import { describe, expect, it } from 'vitest';
import { hasActiveFilters, parseFilters, toListQuery, writeFilters } from './catalogue-filters';

describe('catalogue filters in the URL', () => {
  it('parses known values and ignores malformed ones', () => {
    const params = new URLSearchParams(
      'genre=sci-fi&kind=tv&status=bad&season=fall&yearFrom=1990&yearTo=abc&scoreMin=7.5&scoreMax=42&text=%20eva%20&sort=title&page=3',
    );
    expect(parseFilters(params)).toEqual({ genre: 'sci-fi', kind: 'tv', season: 'fall', yearFrom: 1990, scoreMin: 7.5, text: 'eva', sort: 'title' });
  });

  it('accepts the "new" sort and falls back to the default for an unknown one', () => {
    expect(parseFilters(new URLSearchParams('sort=new'))).toEqual({ sort: 'new' });
    expect(parseFilters(new URLSearchParams('sort=top'))).toEqual({});
    expect(toListQuery(parseFilters(new URLSearchParams('sort=top')))).toEqual({ sort: 'popularity' });
  });

  it('drops the default sort and keeps other parameters when writing', () => {
    const next = writeFilters(new URLSearchParams('q=naruto&kind=tv'), { kind: 'movie', sort: 'popularity', yearTo: 2000, text: '' });
    expect(next.toString()).toBe('q=naruto&kind=movie&yearTo=2000');
    expect(parseFilters(next)).toEqual({ kind: 'movie', yearTo: 2000 });
  });

  it('knows when something is filtered and always sends a sort', () => {
    expect(hasActiveFilters({ sort: 'score' })).toBe(false);
    expect(hasActiveFilters({ season: 'winter' })).toBe(true);
    expect(toListQuery({})).toEqual({ sort: 'popularity' });
  });
});

import { describe, expect, it } from 'vitest';
import type { AnimeListEntry } from '@portal/contracts';
import { COMMUNITY_TABS, PROFILE_TABS, ratedEntries, tabFromParam, watchedCount } from './profile-tabs';

const entry = (animeId: number, userRating: number | null, updatedAt: string, progress = 3, episodes: number | null = 12): AnimeListEntry => ({
  animeId,
  status: 'completed',
  progress,
  userRating,
  watchedEpisodes: [],
  rewatches: 0,
  anime: { id: animeId, title: `A${animeId}`, poster: '', fallbackPoster: '', episodes, kind: 'tv', year: 2020 },
  updatedAt,
});

describe('profile tabs', () => {
  it('has one tab per list status and then the ratings', () => {
    expect(PROFILE_TABS).toEqual(['watching', 'planned', 'completed', 'on_hold', 'dropped', 'rewatching', 'ratings']);
  });

  it('reads the tab from the URL, falling back to "watching" (cards have no tab yet)', () => {
    expect(tabFromParam('completed')).toBe('completed');
    expect(tabFromParam('ratings')).toBe('ratings');
    expect(tabFromParam('cards')).toBe('watching');
    expect(tabFromParam(null)).toBe('watching');
  });

  it('opens «Рецензии» and «Комментарии» from the URL only on a page that has them', () => {
    expect(tabFromParam('reviews')).toBe('watching');
    expect(tabFromParam('comments', [...PROFILE_TABS, ...COMMUNITY_TABS])).toBe('comments');
    expect(tabFromParam('reviews', [...PROFILE_TABS, ...COMMUNITY_TABS])).toBe('reviews');
    expect(COMMUNITY_TABS).toEqual(['reviews', 'comments']);
  });

  it('lists rated titles best first, ties by the latest change', () => {
    const rated = ratedEntries([entry(1, 7, '2025-01-01'), entry(2, null, '2025-01-05'), entry(3, 9, '2025-01-02'), entry(4, 7, '2025-01-03')]);
    expect(rated.map((item) => item.animeId)).toEqual([3, 4, 1]);
  });

  it('caps the watched count at the episode count when it is known', () => {
    expect(watchedCount(entry(1, null, '', 30, 25))).toBe(25);
    expect(watchedCount(entry(1, null, '', 30, null))).toBe(30);
    expect(watchedCount(entry(1, null, '', 3, 25))).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { watchedEpisodesOf } from './watched-episodes';

describe('watched episodes of a list entry', () => {
  it('marks nothing for a title that is not listed', () => {
    expect(watchedEpisodesOf(null)).toEqual([]);
  });

  it('marks the episodes the player recorded, even with gaps', () => {
    expect(watchedEpisodesOf({ watchedEpisodes: [1, 2, 5], progress: 5 })).toEqual([1, 2, 5]);
  });

  it('falls back to every episode up to the progress when none were recorded', () => {
    expect(watchedEpisodesOf({ watchedEpisodes: [], progress: 3 })).toEqual([1, 2, 3]);
    expect(watchedEpisodesOf({ watchedEpisodes: [], progress: 0 })).toEqual([]);
  });
});

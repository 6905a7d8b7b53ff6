import { deltasOf } from './list-stats-deltas';

describe('list statistics deltas', () => {
  it('moves a title from its previous status and score to the new ones', () => {
    const [delta] = deltasOf([{ animeId: 7, previousStatus: 'watching', status: 'completed', previousRating: 6, rating: 8 }]);
    expect(delta.statuses).toMatchObject({ watching: -1, completed: 1, planned: 0 });
    expect(delta.scores[5]).toBe(-1);
    expect(delta.scores[7]).toBe(1);
  });

  it('adds and removes entries; a change that moves nothing is left out', () => {
    expect(deltasOf([{ animeId: 1, previousStatus: null, status: 'planned' }])[0].statuses.planned).toBe(1);
    expect(deltasOf([{ animeId: 1, previousStatus: 'dropped', status: null, previousRating: 3, rating: null }])[0]).toMatchObject({
      statuses: { dropped: -1 },
    });
    expect(deltasOf([{ animeId: 1, previousStatus: 'watching', status: 'watching', previousRating: 4, rating: 4 }])).toEqual([]);
  });

  it('sums one import’s changes per title, in any order', () => {
    const changes = [
      { animeId: 1, previousStatus: null, status: 'watching' as const, previousRating: null, rating: 9 },
      { animeId: 2, previousStatus: 'planned' as const, status: 'completed' as const },
      { animeId: 1, previousStatus: 'watching' as const, status: 'completed' as const, previousRating: 9, rating: 10 },
    ];
    const forward = deltasOf(changes);
    const backward = deltasOf([...changes].reverse());
    expect(backward.sort((a, b) => a.animeId - b.animeId)).toEqual(forward.sort((a, b) => a.animeId - b.animeId));
    expect(forward.find((delta) => delta.animeId === 1)).toMatchObject({ statuses: { watching: 0, completed: 1 } });
    expect(forward.find((delta) => delta.animeId === 1)!.scores.slice(8)).toEqual([0, 1]);
  });
});

import { completedDelta, ratedDelta, titleScoreDeltas } from './ranking-deltas';

describe('ranking deltas', () => {
  const user = 'u1';

  it('counts a title once it is completed, and takes it back when it leaves completed or the list', () => {
    expect(completedDelta(user, [{ previousStatus: 'watching', status: 'completed' }])).toEqual([{ userId: user, board: 'byAnime', delta: 1 }]);
    expect(completedDelta(user, [{ previousStatus: 'completed', status: 'watching' }])).toEqual([{ userId: user, board: 'byAnime', delta: -1 }]);
    expect(completedDelta(user, [{ previousStatus: 'completed', status: null }])).toEqual([{ userId: user, board: 'byAnime', delta: -1 }]);
    expect(completedDelta(user, [{ previousStatus: null, status: 'completed' }])).toEqual([{ userId: user, board: 'byAnime', delta: 1 }]);
  });

  it('keeps a rewatched title counted and ignores moves that do not touch completed', () => {
    expect(completedDelta(user, [{ previousStatus: 'completed', status: 'rewatching' }])).toEqual([]);
    expect(completedDelta(user, [{ previousStatus: 'rewatching', status: 'completed' }])).toEqual([]);
    expect(completedDelta(user, [{ previousStatus: 'planned', status: 'watching' }])).toEqual([]);
  });

  it('adds up an import’s entries into one change', () => {
    const changes = [
      { previousStatus: null, status: 'completed' as const },
      { previousStatus: 'watching' as const, status: 'completed' as const },
      { previousStatus: 'completed' as const, status: 'dropped' as const },
    ];
    expect(completedDelta(user, changes)).toEqual([{ userId: user, board: 'byAnime', delta: 1 }]);
  });

  it('counts scores given: a new score adds, a re-score does not, a removed one takes back', () => {
    expect(ratedDelta(user, [{ animeId: 1, previousRating: null, rating: 8 }])).toEqual([{ userId: user, board: 'byRating', delta: 1 }]);
    expect(ratedDelta(user, [{ animeId: 1, previousRating: 8, rating: 6 }])).toEqual([]);
    expect(ratedDelta(user, [{ animeId: 1, previousRating: 6, rating: null }])).toEqual([{ userId: user, board: 'byRating', delta: -1 }]);
  });

  it('moves each title’s votes and score sum', () => {
    expect(
      titleScoreDeltas([
        { animeId: 1, previousRating: null, rating: 8 },
        { animeId: 2, previousRating: 7, rating: 9 },
        { animeId: 3, previousRating: 5, rating: null },
        { animeId: 4, previousRating: 6, rating: 6 },
      ]),
    ).toEqual([
      { animeId: 1, votes: 1, total: 8 },
      { animeId: 2, votes: 0, total: 2 },
      { animeId: 3, votes: -1, total: -5 },
    ]);
  });
});

import {
  type RankLadder,
  RANK_LADDER,
  type TitleRankingEntry,
  type TitleRankings,
  type UserRankingBoard,
  type UserRankingEntry,
  type UserRankingPlaces,
  type UserRankings,
} from '@portal/contracts';

export const rankingEntry = (place: number, username: string, value: number): UserRankingEntry => ({
  place,
  username,
  displayName: username.charAt(0).toUpperCase() + username.slice(1),
  avatar: null,
  value,
});

/** `count` users with falling values (two share the second place). */
export const topEntries = (count: number, start = 120): UserRankingEntry[] =>
  Array.from({ length: count }, (_, index) => {
    const value = index === 2 ? start - 1 : start - index;
    return rankingEntry(index === 2 ? 2 : index + 1, `user${index + 1}`, value);
  });

/** The answer of GET /api/users/rankings: the boards' lists, with `lists` and the viewer's places `me` replacing the defaults. */
export function userRankings(lists: Partial<Record<UserRankingBoard, UserRankingEntry[]>> = {}, me: Partial<UserRankingPlaces> = {}): UserRankings {
  return {
    byAnime: topEntries(5),
    byComments: [rankingEntry(1, 'chatty', 340), rankingEntry(2, 'kira', 120)],
    byQuiz: [rankingEntry(1, 'quizmaster', 12)],
    byRating: [rankingEntry(1, 'critic', 812)],
    ...lists,
    me: { byAnime: null, byComments: null, byQuiz: null, byRating: null, ...me },
  };
}

export const emptyUserRankings = (): UserRankings => userRankings({ byAnime: [], byComments: [], byQuiz: [], byRating: [] });

const titleEntry = (place: number, animeId: number, title: string, value: number, votes: number): TitleRankingEntry => ({
  place,
  animeId,
  title,
  poster: '',
  fallbackPoster: '/poster-fallback.svg',
  value,
  votes,
});

export const titleRankings = (overrides: Partial<TitleRankings> = {}): TitleRankings => ({
  topRated: [titleEntry(1, 5114, 'Стальной алхимик: Братство', 9.4, 31), titleEntry(2, 1535, 'Тетрадь смерти', 9.1, 58)],
  mostWatched: [titleEntry(1, 16498, 'Атака титанов', 214, 214), titleEntry(2, 20, 'Наруто', 97, 97)],
  minVotes: 5,
  ...overrides,
});

export const rankLadder = (): RankLadder => ({ ranks: [...RANK_LADDER] });

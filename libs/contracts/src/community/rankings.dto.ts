/**
 * The rankings (docs/community.md, «Rankings»): four user leaderboards and two title lists, answered
 * from the community's read model. Plain types and constants: the web client imports them too.
 */

/** The four user leaderboards, keyed as SPEC's answer names them (data.byAnime, …). */
export const USER_RANKING_BOARDS = ['byAnime', 'byComments', 'byQuiz', 'byRating'] as const;
export type UserRankingBoard = (typeof USER_RANKING_BOARDS)[number];

/** What each board counts. */
export const USER_RANKING_LABELS: Record<UserRankingBoard, string> = {
  byAnime: 'Аниме',
  byComments: 'Комментарии',
  byQuiz: 'Квизы',
  byRating: 'Оценки',
};

/** Entries a board lists; a viewer below them still gets their own place. */
export const USER_RANKING_SIZE = 100;
/** Titles each title list shows. */
export const TITLE_RANKING_SIZE = 20;
/** The window of «most watched», in days up to today. */
export const MOST_WATCHED_DAYS = 7;

export interface UserRankingEntry {
  /** Equal values share a place (1, 2, 2, 4); they are listed by who reached the value first. */
  place: number;
  username: string;
  displayName: string;
  avatar: string | null;
  value: number;
}

/** The signed-in viewer's own place on each board; null for guests and for a board with nothing counted yet. */
export type UserRankingPlaces = Record<UserRankingBoard, UserRankingEntry | null>;

/**
 * GET /api/users/rankings: each board is the list of its top entries (SPEC's `data.byAnime`, …),
 * and `me` holds the viewer's own places, also when they are below the top.
 */
export type UserRankings = Record<UserRankingBoard, UserRankingEntry[]> & { me: UserRankingPlaces };

export interface TitleRankingEntry {
  place: number;
  animeId: number;
  title: string;
  poster: string;
  fallbackPoster: string;
  /** Top rated: the average of our users' scores, to two decimals; most watched: the viewers. */
  value: number;
  /** Top rated: how many scores the average is of; most watched: the same as value. */
  votes: number;
}

/** GET /api/rankings/titles. */
export interface TitleRankings {
  topRated: TitleRankingEntry[];
  mostWatched: TitleRankingEntry[];
  /** The fewest scores a title needs to be in topRated (RANKINGS_MIN_VOTES). */
  minVotes: number;
}

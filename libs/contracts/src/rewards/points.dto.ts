import type { CardGranted } from './cards.dto';

/**
 * Points (XP) for actions, each kind with a daily cap so nothing can be farmed (docs/rewards.md).
 * Earned points raise XP (the rank, never spent) and the balance (spent on the roulette).
 */
export const POINT_KINDS = [
  'episode.watched',
  'title.completed',
  'review.approved',
  'quiz.success',
  'comment.liked',
  'card.duplicate',
  'roulette.spin',
] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** GET /api/users/me/points. */
export interface PointsBalance {
  balance: number;
  xp: number;
  rank: string;
  /** The next rank and the XP it needs; null at the top. */
  nextRank: { name: string; minXp: number } | null;
  history: PointsEntry[];
  /** Pass as `?cursor=` for older entries; null at the end. */
  nextCursor: string | null;
}

export interface PointsEntry {
  id: string;
  kind: PointKind;
  /** Positive when earned, negative when spent (a spin). */
  amount: number;
  createdAt: string;
}

/** POST /api/user/spin-roulette: the body's `cost` and `result` are ignored (SPEC names them; the server decides). */
export interface RouletteSpin {
  spinId: string;
  cost: number;
  /** The card drawn, already in the collection. */
  reward: CardGranted;
  /** The balance after the spin. */
  balance: number;
}

/** GET /api/user/roulette: the price and the odds shown on the roulette screen, and the recent spins. */
export interface RouletteInfo {
  cost: number;
  balance: number;
  odds: Array<{ rarity: string; share: number }>;
  recent: Array<{ spinId: string; cardTitle: string; rarity: string; createdAt: string }>;
}

/** A rank change as the socket pushes it (`reward.rank` to the user's room). */
export interface RankChanged {
  rank: string;
  previousRank: string;
  xp: number;
}

export const ACHIEVEMENT_KINDS = ['genre', 'franchise', 'list-size', 'streak', 'first-review'] as const;
export type AchievementKind = (typeof ACHIEVEMENT_KINDS)[number];

/** GET /api/users/profile/{username}/achievements (and /api/users/me/achievements). */
export interface AchievementItem {
  /** Stable key, e.g. `genre:Комедия`, `streak:7`, `first-review`. */
  key: string;
  kind: AchievementKind;
  title: string;
  description: string;
  earnedAt: string;
}

/** Entries a page of the points history holds. */
export const POINTS_HISTORY_PAGE = 20;

export const POINTS_MESSAGES = {
  notEnough: (cost: number) => `Недостаточно очков: нужно ${cost}`,
  cursor: 'Некорректный курсор истории очков',
  userId: 'Некорректный идентификатор пользователя',
  signInRequired: 'Войдите, чтобы увидеть свои очки',
  noCard: 'Рулетка пока пуста: карточек для выпадения нет',
} as const;

/** The achievements there are (titles as the profile shows them). */
export const ACHIEVEMENT_STREAK_DAYS = 7;
export const ACHIEVEMENT_GENRE_TITLES = 10;
export const ACHIEVEMENT_LIST_SIZES = [50, 100, 500] as const;

import type { z } from 'zod';
import type { achievementItemSchema, pointsBalanceSchema, rouletteInfoSchema, rouletteSpinSchema } from './rewards.answers';

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

export type PointsBalance = z.output<typeof pointsBalanceSchema>;
export type PointsEntry = PointsBalance['history'][number];
export type RouletteSpin = z.output<typeof rouletteSpinSchema>;
export type RouletteInfo = z.output<typeof rouletteInfoSchema>;

/** A rank change as the socket pushes it (`reward.rank` to the user's room). */
export interface RankChanged {
  rank: string;
  previousRank: string;
  xp: number;
}

export const ACHIEVEMENT_KINDS = ['genre', 'franchise', 'list-size', 'streak', 'first-review'] as const;
export type AchievementKind = (typeof ACHIEVEMENT_KINDS)[number];

export type AchievementItem = z.output<typeof achievementItemSchema>;

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

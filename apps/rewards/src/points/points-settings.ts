import type { PointKind } from '@portal/contracts';

export const POINTS_SETTINGS = Symbol('POINTS_SETTINGS');

export interface PointsSettings {
  /** Points of a kind when the caller gives no amount. */
  amounts: Record<PointKind, number>;
  /** The most points of a kind one user earns per UTC day; absent: no cap (spending, duplicates). */
  dailyCaps: Partial<Record<PointKind, number>>;
}

/** Points per action (docs/rewards.md, «Points and ranks»). */
export const DEFAULT_POINT_AMOUNTS: Record<PointKind, number> = {
  'episode.watched': 5,
  'title.completed': 20,
  'review.approved': 30,
  'quiz.success': 15,
  'comment.liked': 2,
  // A duplicate card's points depend on its rarity: the caller gives the amount.
  'card.duplicate': 0,
  // A spin's cost is given by the roulette (negative).
  'roulette.spin': 0,
};

/**
 * Daily caps in points: 20 episodes, 5 completed titles, 3 approved reviews, 5 quizzes, 25 likes a day.
 * The episode cap scales with REWARDS_EPISODES_DAILY_CAP (episodes a day).
 */
export function pointsSettings(episodesPerDay: number): PointsSettings {
  const amounts = DEFAULT_POINT_AMOUNTS;
  return {
    amounts,
    dailyCaps: {
      'episode.watched': episodesPerDay * amounts['episode.watched'],
      'title.completed': 5 * amounts['title.completed'],
      'review.approved': 3 * amounts['review.approved'],
      'quiz.success': 5 * amounts['quiz.success'],
      'comment.liked': 25 * amounts['comment.liked'],
    },
  };
}

/** Points a duplicate card turns into, by rarity. */
export const DUPLICATE_POINTS: Record<string, number> = { common: 10, rare: 25, epic: 60, legendary: 150 };

import type { ListStatus, UserRankingBoard } from '@portal/contracts';

/** A change of one user's value on one board. */
export interface CounterDelta {
  userId: string;
  board: UserRankingBoard;
  delta: number;
}

/** A change of one title's scores by our users. */
export interface TitleScoreDelta {
  animeId: number;
  votes: number;
  total: number;
}

interface StatusChange {
  status: ListStatus | null;
  previousStatus: ListStatus | null;
}

interface RatingChange {
  animeId: number;
  rating: number | null;
  previousRating: number | null;
}

/** A rewatched title stays watched through: rewatching is only reachable from completed. */
const COMPLETED: ReadonlySet<ListStatus> = new Set(['completed', 'rewatching']);
const completed = (status: ListStatus | null) => (status !== null && COMPLETED.has(status) ? 1 : 0);
const rated = (rating: number | null) => (rating === null ? 0 : 1);

/**
 * Each event says the state before and after, read under the entry's lock, so the deltas of one
 * entry's events add up to its current state in whatever order they are applied.
 */
export const completedDelta = (userId: string, changes: StatusChange[]): CounterDelta[] =>
  nonZero([{ userId, board: 'byAnime', delta: sum(changes.map((change) => completed(change.status) - completed(change.previousStatus))) }]);

export const ratedDelta = (userId: string, changes: RatingChange[]): CounterDelta[] =>
  nonZero([{ userId, board: 'byRating', delta: sum(changes.map((change) => rated(change.rating) - rated(change.previousRating))) }]);

/** Per title, the votes and score sum the changes add (a re-score moves the sum only). */
export function titleScoreDeltas(changes: RatingChange[]): TitleScoreDelta[] {
  const byTitle = new Map<number, TitleScoreDelta>();
  for (const { animeId, rating, previousRating } of changes) {
    const current = byTitle.get(animeId) ?? { animeId, votes: 0, total: 0 };
    current.votes += rated(rating) - rated(previousRating);
    current.total += (rating ?? 0) - (previousRating ?? 0);
    byTitle.set(animeId, current);
  }
  return [...byTitle.values()].filter((change) => change.votes !== 0 || change.total !== 0);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const nonZero = (deltas: CounterDelta[]) => deltas.filter((delta) => delta.delta !== 0);

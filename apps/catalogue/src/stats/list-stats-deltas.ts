import { LIST_STATUSES, RATING_MAX, RATING_MIN, type ListStatus } from '@portal/contracts';

/** How one title's counters move: +1/-1 per status and per score. */
export interface StatsDelta {
  animeId: number;
  statuses: Record<ListStatus, number>;
  /** Index 0 is score 1. */
  scores: number[];
}

export interface EntryChange {
  animeId: number;
  status?: ListStatus | null;
  previousStatus?: ListStatus | null;
  rating?: number | null;
  previousRating?: number | null;
}

const emptyDelta = (animeId: number): StatsDelta => ({
  animeId,
  statuses: Object.fromEntries(LIST_STATUSES.map((status) => [status, 0])) as Record<ListStatus, number>,
  scores: Array.from({ length: RATING_MAX }, () => 0),
});

const isScore = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;

/**
 * Sums changes into one delta per title, leaving out titles whose counters do not move. Deltas
 * commute, so events applied in any order reach the same counts.
 */
export function deltasOf(changes: EntryChange[]): StatsDelta[] {
  const byAnime = new Map<number, StatsDelta>();
  const deltaOf = (animeId: number) => {
    let delta = byAnime.get(animeId);
    if (!delta) byAnime.set(animeId, (delta = emptyDelta(animeId)));
    return delta;
  };
  for (const change of changes) {
    if (change.status !== change.previousStatus) {
      if (change.previousStatus && LIST_STATUSES.includes(change.previousStatus)) deltaOf(change.animeId).statuses[change.previousStatus] -= 1;
      if (change.status && LIST_STATUSES.includes(change.status)) deltaOf(change.animeId).statuses[change.status] += 1;
    }
    if (change.rating !== change.previousRating) {
      if (isScore(change.previousRating)) deltaOf(change.animeId).scores[change.previousRating - 1] -= 1;
      if (isScore(change.rating)) deltaOf(change.animeId).scores[change.rating - 1] += 1;
    }
  }
  return [...byAnime.values()].filter((delta) => Object.values(delta.statuses).some(Boolean) || delta.scores.some(Boolean));
}

import { SEASON_LABELS, type Season } from '@portal/contracts';

/** "весна 2019", "2019" or null. */
export function seasonAndYear(season: Season | null, year: number | null): string | null {
  const parts = [season ? SEASON_LABELS[season] : null, year ?? null].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

/** Scores are shown with one decimal: 8.5, 9.0. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}

import { KIND_LABELS, SEASON_LABELS, type AnimeKind, type Season } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';

/** "2019 · ТВ сериал": the parts that are known, joined. */
export function yearAndKind(year: number | null, kind: AnimeKind | null): string {
  return [year ?? null, kind ? KIND_LABELS[kind] : null].filter(Boolean).join(CATALOGUE_STRINGS.card.metaSeparator);
}

/** "весна 2019", "2019" or null. */
export function seasonAndYear(season: Season | null, year: number | null): string | null {
  const parts = [season ? SEASON_LABELS[season] : null, year ?? null].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

/** Scores are shown with one decimal: 8.5, 9.0. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}

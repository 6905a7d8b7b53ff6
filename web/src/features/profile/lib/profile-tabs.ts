import { LIST_STATUSES, type AnimeListEntry, type ListStatus } from '@portal/contracts';

/** A profile tab: one per list status, then the ratings. (A cards tab comes with the rewards.) */
export type ProfileTab = ListStatus | 'ratings';

export const PROFILE_TABS: readonly ProfileTab[] = [...LIST_STATUSES, 'ratings'];
export const DEFAULT_TAB: ProfileTab = 'watching';

/** The `?tab=` of the URL as a tab; anything unknown (including `cards`, until rewards exist) is the default. */
export function tabFromParam(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : DEFAULT_TAB;
}

/** Rated entries, best first; equal ratings by most recent change. */
export function ratedEntries(entries: readonly AnimeListEntry[]): AnimeListEntry[] {
  return entries
    .filter((entry) => entry.userRating !== null)
    .sort((a, b) => (b.userRating ?? 0) - (a.userRating ?? 0) || b.updatedAt.localeCompare(a.updatedAt));
}

/** Episodes watched as the list shows them: capped at the title's count when known. */
export function watchedCount(entry: Pick<AnimeListEntry, 'progress' | 'anime'>): number {
  const total = entry.anime.episodes;
  return total ? Math.min(entry.progress, total) : entry.progress;
}

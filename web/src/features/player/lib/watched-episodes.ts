import type { AnimeListEntry } from '@portal/contracts';

/**
 * The episodes to mark watched: those the player recorded, else (an imported or hand-set list has
 * none) every episode up to the entry's progress.
 */
export function watchedEpisodesOf(entry: Pick<AnimeListEntry, 'watchedEpisodes' | 'progress'> | null): number[] {
  if (!entry) return [];
  if (entry.watchedEpisodes.length > 0) return entry.watchedEpisodes;
  return Array.from({ length: entry.progress }, (_, index) => index + 1);
}

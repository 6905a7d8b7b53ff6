import { useQuery } from '@tanstack/react-query';
import { listEntryQuery } from '../../../shared/api/title-api';
import { useSession } from '../../../shared/session/session-context';
import { watchedEpisodesOf } from '../lib/watched-episodes';

/** The viewer's watched episodes of a title, from their list entry (none for a guest or while it loads). */
export function useViewerWatchedEpisodes(animeId: number): number[] {
  const { user } = useSession();
  const entry = useQuery({ ...listEntryQuery(animeId), enabled: Boolean(user) });
  return watchedEpisodesOf(entry.data ?? null);
}

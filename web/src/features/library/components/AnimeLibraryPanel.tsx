import type { AnimeDetails, AnimeRef } from '@portal/contracts';
import { useSession } from '../../../shared/session/session-context';
import { ListStatusControl } from './ListStatusControl';
import { RatingControl } from './RatingControl';
import '../library.css';

/** What the anime page shows a signed-in viewer about their own list: status and rating. */
export function AnimeLibraryPanel({ anime }: { anime: AnimeDetails }) {
  const { user } = useSession();
  if (!user) return null;
  const ref: AnimeRef = {
    id: anime.id,
    title: anime.title,
    poster: anime.poster,
    fallbackPoster: anime.fallbackPoster,
    episodes: anime.episodes,
    kind: anime.kind,
    year: anime.year,
  };
  return (
    <div className="library-panel">
      <ListStatusControl anime={ref} />
      <RatingControl anime={ref} />
    </div>
  );
}

export default AnimeLibraryPanel;

import type { AnimeSummary } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { CATALOGUE_STRINGS } from '../strings';
import { RowSection } from './AnimeRow';
import { PosterImage } from './PosterImage';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.home;

/** One title the user is watching (filled by the user-library issue). */
export interface ContinueWatchingItem {
  anime: AnimeSummary;
  /** The episode to resume; the card opens /watch/{id}/{episode}. */
  nextEpisode: number;
  /** Episodes already watched. */
  watched: number;
}

export interface ContinueWatchingRowProps {
  items?: readonly ContinueWatchingItem[];
}

/** "Продолжить просмотр": renders nothing (no empty state) until there is something to resume. */
export function ContinueWatchingRow({ items = [] }: ContinueWatchingRowProps) {
  if (items.length === 0) return null;
  return (
    <RowSection title={S.continueWatching}>
      <ul className="anime-row" aria-label={S.continueWatching}>
        {items.map(({ anime, nextEpisode, watched }) => {
          const total = anime.episodes;
          const percent = total ? Math.min(100, Math.round((watched / total) * 100)) : 0;
          return (
            <li key={anime.id}>
              <Link className="anime-card__link" to={`/watch/${anime.id}/${nextEpisode}`}>
                <PosterImage src={anime.poster} fallbackSrc={anime.fallbackPoster} alt="" />
                <span className="anime-card__title">{anime.title}</span>
                <span className="anime-card__meta">{S.episodeOf(nextEpisode)}</span>
                {total ? (
                  <span className="continue-card__bar" aria-hidden="true">
                    <span style={{ width: `${percent}%` }} />
                  </span>
                ) : null}
                <span className="continue-card__progress">{S.progress(watched, total)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </RowSection>
  );
}

import type { Episode } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { formatTime } from '../../../shared/lib/format-time';
import { PLAYER_STRINGS } from '../strings';
import '../player.css';

const S = PLAYER_STRINGS;

export interface EpisodeListProps {
  animeId: number;
  episodes: readonly Pick<Episode, 'number' | 'title' | 'durationSeconds'>[];
  /** The episode playing now (marked, aria-current). */
  current?: number;
  /** Episodes the viewer has watched (from the list entry), marked as such. */
  watched?: readonly number[];
  label?: string;
}

/** Links to /watch/{id}/{n}: a grid of episode tiles that wraps on phones. */
export function EpisodeList({ animeId, episodes, current, watched = [], label = S.episodes }: EpisodeListProps) {
  const watchedSet = new Set(watched);
  return (
    <ol className="episode-list" aria-label={label}>
      {episodes.map((episode) => {
        const isCurrent = episode.number === current;
        const isWatched = watchedSet.has(episode.number);
        const classes = ['episode-list__link', isCurrent && 'episode-list__link--current', isWatched && 'episode-list__link--watched']
          .filter(Boolean)
          .join(' ');
        return (
          <li key={episode.number}>
            <Link className={classes} to={`/watch/${animeId}/${episode.number}`} aria-current={isCurrent ? 'page' : undefined}>
              <span className="episode-list__number">{S.episodeLink(episode.number, null)}</span>
              {episode.title ? <span className="episode-list__title">{episode.title}</span> : null}
              <span className="episode-list__meta">
                {episode.durationSeconds ? formatTime(episode.durationSeconds) : null}
                {isWatched ? <span className="episode-list__badge">{S.episodeWatched}</span> : null}
                {isCurrent ? <span className="episode-list__badge episode-list__badge--current">{S.current}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

import type { AnimeSummary } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { Icon } from '../../../shared/ui/Icon';
import { yearAndKind } from '../../../shared/lib/anime-meta';
import { formatScore } from '../lib/anime-format';
import { CATALOGUE_STRINGS } from '../strings';
import { PosterImage } from '../../../shared/ui/PosterImage';
import '../catalogue.css';

export interface AnimeCardProps {
  anime: AnimeSummary;
  /** Above the fold: the poster loads eagerly with high fetch priority (a likely LCP element). */
  priority?: boolean;
}

/** Poster, title, "year · kind" and score; the whole card links to /anime/{id}. */
export function AnimeCard({ anime, priority = false }: AnimeCardProps) {
  const meta = yearAndKind(anime.year, anime.kind);
  return (
    <article className="anime-card">
      <Link className="anime-card__link" to={`/anime/${anime.id}`} aria-label={CATALOGUE_STRINGS.card.link(anime.title)}>
        <span className="anime-card__poster">
          <PosterImage
            src={anime.poster}
            fallbackSrc={anime.fallbackPoster}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
          />
          {anime.score !== null ? (
            <span className="anime-card__score" aria-label={CATALOGUE_STRINGS.card.score(anime.score)}>
              <Icon name="star" sizePx={14} />
              {formatScore(anime.score)}
            </span>
          ) : null}
        </span>
        <span className="anime-card__title">{anime.title}</span>
        {meta ? <span className="anime-card__meta">{meta}</span> : null}
      </Link>
    </article>
  );
}

import { Link } from 'react-router-dom';
import { PosterImage } from '../../../shared/ui/PosterImage';

export interface TvCardProps {
  to: string;
  title: string;
  poster: string;
  fallbackPoster: string;
  /** A second line under the title (episode and time of a continue card). */
  meta?: string;
  /** The link's full name for screen readers, when it says more than the title. */
  label?: string;
  /** 0..100: a progress bar along the poster's bottom. */
  percent?: number | null;
  autoFocus?: boolean;
}

/** A poster card of a TV row: one link, a large focus ring, the poster never broken. */
export function TvCard({ to, title, poster, fallbackPoster, meta, label, percent = null, autoFocus = false }: TvCardProps) {
  return (
    <Link className="tv-card" to={to} aria-label={label} data-tv-autofocus={autoFocus || undefined}>
      <span className="tv-card__poster">
        <PosterImage src={poster} fallbackSrc={fallbackPoster} alt="" loading="lazy" />
        {percent !== null ? (
          <span className="tv-card__track" aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
        ) : null}
      </span>
      <span className="tv-card__title">{title}</span>
      {meta ? <span className="tv-card__meta">{meta}</span> : null}
    </Link>
  );
}

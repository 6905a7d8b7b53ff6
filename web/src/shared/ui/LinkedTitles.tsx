import type { AnimeRef } from '@portal/contracts';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PosterImage } from './PosterImage';
import './linked-titles.css';

/** The titles an item links (a news article, an AMV) as small poster cards leading to their pages; nothing when there are none. */
export function LinkedTitles({ anime, heading }: { anime: readonly AnimeRef[]; heading: string }) {
  const headingId = useId();
  if (anime.length === 0) return null;
  return (
    <section className="linked-titles" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul className="linked-titles__list">
        {anime.map((title) => (
          <li key={title.id}>
            <Link to={`/anime/${title.id}`} className="linked-titles__card">
              <PosterImage src={title.poster} fallbackSrc={title.fallbackPoster} alt="" />
              <span className="linked-titles__title">{title.title}</span>
              {title.year ? <span className="muted">{title.year}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { AnimeListEntry } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { PosterImage } from '../../../shared/ui/PosterImage';
import { watchedCount } from '../lib/profile-tabs';
import { PROFILE_STRINGS } from '../strings';

const S = PROFILE_STRINGS;

/** One title of a list: poster, title, watched N/M and the owner's rating. */
export function ListEntryRow({ entry }: { entry: AnimeListEntry }) {
  const watched = watchedCount(entry);
  const total = entry.anime.episodes;
  return (
    <li className="profile-entry">
      <Link className="profile-entry__poster" to={`/anime/${entry.animeId}`} tabIndex={-1} aria-hidden="true">
        <PosterImage src={entry.anime.poster} fallbackSrc={entry.anime.fallbackPoster} alt="" loading="lazy" />
      </Link>
      <div className="profile-entry__body">
        <Link className="profile-entry__title" to={`/anime/${entry.animeId}`}>
          {entry.anime.title}
        </Link>
        <span className="profile-entry__progress" aria-label={S.progressLabel(watched, total)}>
          {S.progress(watched, total)}
        </span>
        <span className="profile-entry__rating" data-rated={entry.userRating !== null}>
          {entry.userRating !== null ? S.rating(entry.userRating) : S.noRating}
        </span>
      </div>
    </li>
  );
}

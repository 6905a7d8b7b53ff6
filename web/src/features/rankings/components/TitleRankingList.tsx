import type { TitleRankingEntry } from '@portal/contracts';
import { Link } from 'react-router-dom';
import { PosterImage } from '../../../shared/ui/PosterImage';

interface TitleRankingListProps {
  title: string;
  hint: string;
  entries: TitleRankingEntry[];
  empty: string;
  valueText(entry: TitleRankingEntry): string;
}

/** One title list: place, poster, name (a link to the title) and what it is ranked by. */
export function TitleRankingList({ title, hint, entries, empty, valueText }: TitleRankingListProps) {
  return (
    <section className="rankings-titles__list">
      <h3>{title}</h3>
      <p className="muted rankings-titles__hint">{hint}</p>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="rankings-board" aria-label={title}>
          {entries.map((entry) => (
            <li key={entry.animeId} className="rankings-row rankings-row--title">
              <span className="rankings-row__place">{entry.place}</span>
              <PosterImage className="rankings-row__poster" src={entry.poster} fallbackSrc={entry.fallbackPoster} alt="" />
              <span className="rankings-row__name">
                <Link to={`/anime/${entry.animeId}`}>{entry.title}</Link>
              </span>
              <span className="rankings-row__value">{valueText(entry)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

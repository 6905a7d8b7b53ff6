import type { QuizAnimeRef } from '@portal/contracts';
import { Link } from 'react-router-dom';

/** The titles a quiz is about, each a link to its page; nothing when it names none. */
export function QuizAnimeLinks({ anime, className }: { anime: QuizAnimeRef[]; className?: string }) {
  if (anime.length === 0) return null;
  return (
    <p className={className}>
      {anime.map((title, index) => (
        <span key={title.id}>
          {index > 0 ? ', ' : null}
          <Link to={`/anime/${title.id}`}>{title.title}</Link>
        </span>
      ))}
    </p>
  );
}

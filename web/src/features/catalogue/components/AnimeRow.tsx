import type { AnimeSummary } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/Button';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeCard } from './AnimeCard';
import '../catalogue.css';

export interface RowSectionProps {
  title: string;
  /** "Весь каталог" link target. */
  moreTo?: string;
  moreLabel?: string;
  children: ReactNode;
}

/** A titled home-page section. */
export function RowSection({ title, moreTo, moreLabel = CATALOGUE_STRINGS.home.allCatalogue, children }: RowSectionProps) {
  const titleId = useId();
  return (
    <section className="catalogue-section" aria-labelledby={titleId}>
      <div className="catalogue-section__header">
        <h2 className="catalogue-section__title" id={titleId}>
          {title}
        </h2>
        {moreTo ? (
          <Link className="catalogue-section__more" to={moreTo}>
            {moreLabel}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Loading placeholders in the shape of a horizontal row. */
export function RowSkeleton({ count = 6, label = CATALOGUE_STRINGS.grid.loading }: { count?: number; label?: string }) {
  return (
    <div className="anime-row anime-row--skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="anime-skeleton" aria-hidden="true">
          <div className="anime-skeleton__poster" />
          <div className="anime-skeleton__line" />
          <div className="anime-skeleton__line anime-skeleton__line--short" />
        </div>
      ))}
    </div>
  );
}

/** An inline error with a retry button, for one row of the home page. */
export function RowError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="inline-state inline-state--error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {CATALOGUE_STRINGS.retry}
      </Button>
    </div>
  );
}

export function RowEmpty({ text = CATALOGUE_STRINGS.home.rowEmpty }: { text?: string }) {
  return (
    <div className="inline-state">
      <p>{text}</p>
    </div>
  );
}

export interface AnimeRowProps {
  items: readonly AnimeSummary[];
  label: string;
}

/** A horizontally scrolling row of anime cards (swipe on phones, scroll on desktop). */
export function AnimeRow({ items, label }: AnimeRowProps) {
  return (
    <ul className="anime-row" aria-label={label}>
      {items.map((anime) => (
        <li key={anime.id}>
          <AnimeCard anime={anime} />
        </li>
      ))}
    </ul>
  );
}

export interface AnimeRowStateProps {
  title: string;
  moreTo?: string;
  isPending: boolean;
  error: Error | null;
  items: readonly AnimeSummary[] | undefined;
  onRetry(): void;
}

/** A home-page row of anime with its loading, error and empty states. */
export function AnimeRowSection({ title, moreTo, isPending, error, items, onRetry }: AnimeRowStateProps) {
  return (
    <RowSection title={title} moreTo={moreTo}>
      {isPending ? (
        <RowSkeleton />
      ) : error && !items ? (
        <RowError message={`${CATALOGUE_STRINGS.home.rowError}: ${error.message}`} onRetry={onRetry} />
      ) : !items || items.length === 0 ? (
        <RowEmpty />
      ) : (
        <AnimeRow items={items} label={title} />
      )}
    </RowSection>
  );
}

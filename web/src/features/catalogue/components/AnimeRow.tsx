import type { AnimeSummary } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeCardList, AnimeCardListSkeleton } from './AnimeCardList';
import { InlineError } from './InlineError';
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
  return <AnimeCardListSkeleton className="anime-row anime-row--skeleton" count={count} label={label} />;
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
  /** How many of the first posters are above the fold (eager, high priority). */
  priorityCount?: number;
}

/** A horizontally scrolling row of anime cards (swipe on phones, scroll on desktop). */
export function AnimeRow({ items, label, priorityCount }: AnimeRowProps) {
  return <AnimeCardList items={items} label={label} className="anime-row" priorityCount={priorityCount} />;
}

export interface AnimeRowStateProps {
  title: string;
  moreTo?: string;
  isPending: boolean;
  error: Error | null;
  items: readonly AnimeSummary[] | undefined;
  onRetry(): void;
  /** The page's first row: its first posters are above the fold. */
  priorityCount?: number;
}

/** A home-page row of anime with its loading, error and empty states. */
export function AnimeRowSection({ title, moreTo, isPending, error, items, onRetry, priorityCount }: AnimeRowStateProps) {
  return (
    <RowSection title={title} moreTo={moreTo}>
      {isPending ? (
        <RowSkeleton />
      ) : error && !items ? (
        <InlineError message={`${CATALOGUE_STRINGS.home.rowError}: ${error.message}`} onRetry={onRetry} />
      ) : !items || items.length === 0 ? (
        <RowEmpty />
      ) : (
        <AnimeRow items={items} label={title} priorityCount={priorityCount} />
      )}
    </RowSection>
  );
}

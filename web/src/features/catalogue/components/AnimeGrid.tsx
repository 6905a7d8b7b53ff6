import type { AnimeSummary } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeCardList, AnimeCardListSkeleton } from './AnimeCardList';
import '../catalogue.css';

export interface AnimeGridProps {
  items: readonly AnimeSummary[];
  /** Accessible name of the list, e.g. the section title. */
  label?: string;
  className?: string;
  /** How many of the first posters are above the fold (eager, high priority). */
  priorityCount?: number;
}

/** Responsive grid of anime cards: 2 columns on phones, up to 6 on wide screens. */
export function AnimeGrid({ items, label, className, priorityCount }: AnimeGridProps) {
  return (
    <AnimeCardList
      items={items}
      label={label}
      className={['anime-grid', className].filter(Boolean).join(' ')}
      itemClassName="anime-grid__item"
      priorityCount={priorityCount}
    />
  );
}

export interface AnimeGridSkeletonProps {
  count?: number;
  /** Announced to screen readers while loading. */
  label?: string;
  className?: string;
}

/** Grey card placeholders in the grid's layout, while a list loads. */
export function AnimeGridSkeleton({ count = 12, label = CATALOGUE_STRINGS.grid.loading, className }: AnimeGridSkeletonProps) {
  return <AnimeCardListSkeleton className={['anime-grid', 'anime-grid--skeleton', className].filter(Boolean).join(' ')} count={count} label={label} />;
}

import type { AnimeSummary } from '@portal/contracts';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeCard } from './AnimeCard';
import '../catalogue.css';

export interface AnimeGridProps {
  items: readonly AnimeSummary[];
  /** Accessible name of the list, e.g. the section title. */
  label?: string;
  className?: string;
}

/** Responsive grid of anime cards: 2 columns on phones, up to 6 on wide screens. */
export function AnimeGrid({ items, label, className }: AnimeGridProps) {
  return (
    <ul className={['anime-grid', className].filter(Boolean).join(' ')} aria-label={label}>
      {items.map((anime) => (
        <li key={anime.id} className="anime-grid__item">
          <AnimeCard anime={anime} />
        </li>
      ))}
    </ul>
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
  return (
    <div className={['anime-grid', 'anime-grid--skeleton', className].filter(Boolean).join(' ')} role="status" aria-live="polite" aria-busy="true">
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

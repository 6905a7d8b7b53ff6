import type { AnimeSummary } from '@portal/contracts';
import { AnimeCard } from './AnimeCard';
import '../catalogue.css';

export interface AnimeCardListProps {
  items: readonly AnimeSummary[];
  /** Accessible name of the list, e.g. the section title. */
  label?: string;
  /** The layout: "anime-grid …" or "anime-row". */
  className: string;
  itemClassName?: string;
  /** How many of the first cards are above the fold: their posters load at once, with high priority. */
  priorityCount?: number;
}

/** A list of anime cards; its class decides whether it is a grid or a horizontal row. */
export function AnimeCardList({ items, label, className, itemClassName, priorityCount = 0 }: AnimeCardListProps) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((anime, index) => (
        <li key={anime.id} className={itemClassName}>
          <AnimeCard anime={anime} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

export interface AnimeCardListSkeletonProps {
  /** The layout of the list it stands in for, plus its skeleton modifier. */
  className: string;
  count: number;
  /** Announced to screen readers while loading. */
  label: string;
}

/** Grey card placeholders in a card list's layout, while the list loads: each as tall as a real card. */
export function AnimeCardListSkeleton({ className, count, label }: AnimeCardListSkeletonProps) {
  return (
    <div className={className} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="anime-skeleton" aria-hidden="true">
          <div className="anime-skeleton__poster" />
          <div className="anime-skeleton__title">
            <div className="anime-skeleton__line" />
            <div className="anime-skeleton__line anime-skeleton__line--short" />
          </div>
          <div className="anime-skeleton__meta">
            <div className="anime-skeleton__line anime-skeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

import { EAGER_POSTERS, type AnimeSummary } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Icon } from '../../../shared/ui/Icon';
import { StatePanel } from '../../../shared/ui/StatePanel';
import { animeListInfiniteQuery } from '../api/catalogue-api';
import { toListQuery, type CatalogueFilters } from '../lib/catalogue-filters';
import { CATALOGUE_STRINGS } from '../strings';
import { AnimeGrid, AnimeGridSkeleton } from './AnimeGrid';
import { LoadMore } from './LoadMore';
import '../catalogue.css';

const S = CATALOGUE_STRINGS.catalogue;

export interface CatalogueResultsProps {
  filters: CatalogueFilters;
  onResetFilters(): void;
  /** Shown next to the count (the sort). */
  toolbar?: ReactNode;
}

function uniqueById(items: AnimeSummary[]): AnimeSummary[] {
  const seen = new Set<number>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** The filtered list with infinite scroll, a "show more" fallback, the count and every state. */
export function CatalogueResults({ filters, onResetFilters, toolbar }: CatalogueResultsProps) {
  const list = useInfiniteQuery(animeListInfiniteQuery(toListQuery(filters)));
  const items = uniqueById(list.data?.pages.flatMap((page) => page.items) ?? []);
  const total = list.data?.pages[0]?.total ?? 0;

  const summary = (
    <div className="catalogue-page__summary">
      <p className="catalogue-page__count" aria-live="polite">
        {list.data ? S.found(total) : '\u00a0'}
      </p>
      {toolbar}
    </div>
  );

  if (list.isPending) {
    return (
      <>
        {summary}
        <AnimeGridSkeleton label={S.loading} />
      </>
    );
  }
  if (list.isError && !list.data) {
    return (
      <>
        {summary}
        <StatePanel
          headingLevel={2}
          icon={<Icon name="tools" sizePx={40} />}
          title={S.errorTitle}
          text={list.error.message}
          actions={<Button onClick={() => void list.refetch()}>{CATALOGUE_STRINGS.retry}</Button>}
        />
      </>
    );
  }
  if (items.length === 0) {
    return (
      <>
        {summary}
        <StatePanel
          headingLevel={2}
          icon={<Icon name="compass" sizePx={40} />}
          title={S.emptyTitle}
          text={S.emptyText}
          actions={<Button onClick={onResetFilters}>{S.resetFilters}</Button>}
        />
      </>
    );
  }

  return (
    <>
      {summary}
      {/* Two columns on a phone: the first row is above the fold. */}
      <AnimeGrid items={items} label={S.title} priorityCount={EAGER_POSTERS.catalogue} />
      <LoadMore list={list} labels={S} />
    </>
  );
}

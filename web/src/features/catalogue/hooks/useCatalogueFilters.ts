import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseFilters, SEARCH_PARAM, writeFilters, type CatalogueFilters } from '../lib/catalogue-filters';

export interface CatalogueFiltersState {
  filters: CatalogueFilters;
  /** Merges a change into the filters; each change is a history entry, so Back undoes it. */
  update(patch: Partial<CatalogueFilters>): void;
  reset(): void;
  /** The search box's submitted query (`?q=`), '' when none. */
  searchQuery: string;
  setSearchQuery(query: string): void;
}

/** The catalogue's filters and search query, kept in the URL query string (shareable, Back works). */
export function useCatalogueFilters(): CatalogueFiltersState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const searchQuery = params.get(SEARCH_PARAM)?.trim() ?? '';

  const update = useCallback(
    (patch: Partial<CatalogueFilters>) => setParams((previous) => writeFilters(previous, { ...parseFilters(previous), ...patch })),
    [setParams],
  );
  const reset = useCallback(() => setParams((previous) => writeFilters(previous, {})), [setParams]);
  const setSearchQuery = useCallback(
    (query: string) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        const trimmed = query.trim();
        if (trimmed) next.set(SEARCH_PARAM, trimmed);
        else next.delete(SEARCH_PARAM);
        return next;
      }),
    [setParams],
  );

  return { filters, update, reset, searchQuery, setSearchQuery };
}

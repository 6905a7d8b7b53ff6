import { queryOptions } from '@tanstack/react-query';
import type { AnimeListEntry, AnimeSummary } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';

const anime = operationsOf('anime');
const lists = operationsOf('lists');

export const TV_ROW_SIZE = 20;

export const tvKeys = {
  all: ['tv'] as const,
  watching: () => [...tvKeys.all, 'watching'] as const,
  row: (name: 'popular' | 'top') => [...tvKeys.all, 'row', name] as const,
};

/** The viewer's "Смотрю" list, most recently changed first. */
export const watchingQuery = () =>
  queryOptions({
    queryKey: tvKeys.watching(),
    queryFn: ({ signal }): Promise<AnimeListEntry[]> => lists.mine({ status: 'watching', limit: TV_ROW_SIZE }, { signal }).then((page) => page.items),
    staleTime: 0,
  });

export const catalogueRowQuery = (name: 'popular' | 'top') =>
  queryOptions({
    queryKey: tvKeys.row(name),
    queryFn: ({ signal }): Promise<AnimeSummary[]> => anime[name]({ limit: TV_ROW_SIZE }, { signal }).then((page) => page.items),
    staleTime: 5 * 60_000,
  });

import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';

/** Route ids of characters, seiyuu and collections are positive integers; anything else is "not found". */
export const isNumericId = (value: string | undefined): value is string => value !== undefined && /^[1-9]\d{0,11}$/.test(value);

export interface RouteIdQuery<TData> {
  /** Undefined until loaded (and for an id that cannot exist). */
  data: TData | undefined;
  /** null while loading; 'not-found' for an id that cannot exist; otherwise the query's error. */
  error: unknown;
  retry(): void;
}

/**
 * The detail query of the route's `:id` (e.g. `characterQuery` on /characters/:id). An id that is not a
 * positive integer is answered "not found" without a request.
 */
export function useRouteIdQuery<TData, TKey extends QueryKey>(queryFor: (id: string) => UseQueryOptions<TData, Error, TData, TKey>): RouteIdQuery<TData> {
  const { id } = useParams();
  const valid = isNumericId(id);
  const query = useQuery({ ...queryFor(id ?? ''), enabled: valid });
  return {
    data: valid ? query.data : undefined,
    error: valid ? query.error : 'not-found',
    retry: () => void query.refetch(),
  };
}

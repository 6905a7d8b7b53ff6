import type { AnimeDetails, AnimeWrite } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-error';
import { catalogueKeys, patchAnime } from '../api/catalogue-api';

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After an admin's write: the title's page cache gets the answer at once, and every other catalogue
 * query (lists, rows, search, collections) is invalidated so it shows the change immediately.
 */
export function cacheSavedAnime(client: QueryClient, saved: AnimeDetails): void {
  const detailsKey = catalogueKeys.details(saved.id);
  client.setQueryData(detailsKey, saved);
  void client.invalidateQueries({ queryKey: catalogueKeys.all, predicate: (query) => !sameKey(query.queryKey, detailsKey) });
}

/** PATCH /api/anime/{id}. */
export function useAnimeUpdate(animeId: number) {
  const client = useQueryClient();
  return useMutation<AnimeDetails, ApiError, AnimeWrite>({
    mutationFn: (body) => patchAnime(animeId, body),
    onSuccess: (updated) => cacheSavedAnime(client, updated),
  });
}

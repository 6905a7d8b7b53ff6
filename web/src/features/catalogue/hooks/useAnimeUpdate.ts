import type { AnimeDetails, AnimeWrite } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-error';
import { catalogueKeys, patchAnime } from '../api/catalogue-api';

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /api/anime/{id}: on success the page's cache gets the answer at once, and every other catalogue
 * query (lists, rows, search, collections) is invalidated so it shows the change immediately.
 */
export function useAnimeUpdate(animeId: number) {
  const client = useQueryClient();
  return useMutation<AnimeDetails, ApiError, AnimeWrite>({
    mutationFn: (body) => patchAnime(animeId, body),
    onSuccess: (updated) => {
      const detailsKey = catalogueKeys.details(updated.id);
      client.setQueryData(detailsKey, updated);
      void client.invalidateQueries({ queryKey: catalogueKeys.all, predicate: (query) => !sameKey(query.queryKey, detailsKey) });
    },
  });
}

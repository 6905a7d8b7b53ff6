import type { AnimeDetails, AnimeWrite } from '@portal/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-error';
import { titleKeys } from '../../../shared/api/title-api';
import { catalogueKeys, patchAnime } from '../api/catalogue-api';

/**
 * After an admin's write: the title's shared cache entry (the anime page, the player, the TV, the watch
 * party) gets the answer at once, and every catalogue query (lists, rows, search, collections) is
 * invalidated so it shows the change immediately.
 */
export function cacheSavedAnime(client: QueryClient, saved: AnimeDetails): void {
  client.setQueryData(titleKeys.anime(saved.id), saved);
  void client.invalidateQueries({ queryKey: catalogueKeys.all });
}

/** PATCH /api/anime/{id}. */
export function useAnimeUpdate(animeId: number) {
  const client = useQueryClient();
  return useMutation<AnimeDetails, ApiError, AnimeWrite>({
    mutationFn: (body) => patchAnime(animeId, body),
    onSuccess: (updated) => cacheSavedAnime(client, updated),
  });
}

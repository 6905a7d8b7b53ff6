import type { AnimeCreate, AnimeDetails } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/api-error';
import { createAnime } from '../api/anime-admin-api';
import { cacheSavedAnime } from './useAnimeUpdate';

/** POST /api/anime: the new title's page is cached at once and the lists refresh to include it. */
export function useAnimeCreate() {
  const client = useQueryClient();
  return useMutation<AnimeDetails, ApiError, AnimeCreate>({
    mutationFn: createAnime,
    onSuccess: (created) => cacheSavedAnime(client, created),
  });
}

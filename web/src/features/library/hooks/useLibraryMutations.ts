import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnimeListEntry, AnimeRef, ContinueWatchingItem, ListStatus } from '@portal/contracts';
import { notify } from '../../../shared/ui/notify';
import { continueWatchingQuery, invalidateListViews, putListStatus } from '../../../shared/api/title-api';
import { forgetProgress, libraryKeys, rateAnime, removeFromList } from '../api/library-api';
import { LIBRARY_STRINGS } from '../strings';

const S = LIBRARY_STRINGS;

type Snapshot = { previous: AnimeListEntry | null | undefined };

/** The entry the list will hold once the server agrees: shown at once, rolled back on failure. */
export function optimisticEntry(
  previous: AnimeListEntry | null | undefined,
  anime: AnimeRef,
  change: Partial<Pick<AnimeListEntry, 'status' | 'userRating'>>,
): AnimeListEntry {
  const base: AnimeListEntry = previous ?? {
    animeId: anime.id,
    status: 'planned',
    progress: 0,
    userRating: null,
    watchedEpisodes: [],
    rewatches: 0,
    anime,
    updatedAt: new Date().toISOString(),
  };
  return { ...base, ...change };
}

export interface ListStatusChange {
  status: ListStatus;
  /** The title is not in the list yet. */
  adding: boolean;
}

// Every list mutation below ends, once the server agrees, with invalidateListViews: the other views of
// the list (the profile's tabs, "Продолжить просмотр") are read again, not left stale for their 30 s. The
// entry the server's answer has just replaced is spared a second read.

/** Sets the list status of a title (adding it when needed), optimistically. */
export function useListStatusMutation(anime: AnimeRef) {
  const queryClient = useQueryClient();
  const key = libraryKeys.entry(anime.id);
  return useMutation<AnimeListEntry, Error, ListStatusChange, Snapshot>({
    // SPEC §4: adding a title sends the anime object (the server reads its own catalogue anyway).
    mutationFn: ({ status, adding }) => putListStatus({ animeId: anime.id, status, ...(adding ? { anime } : {}) }),
    onMutate: async ({ status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AnimeListEntry | null>(key);
      queryClient.setQueryData(key, optimisticEntry(previous, anime, { status }));
      return { previous };
    },
    onError: (error, _status, context) => {
      queryClient.setQueryData(key, context?.previous ?? null);
      notify.error(S.statusErrorTitle, error.message);
    },
    onSuccess: (entry) => {
      queryClient.setQueryData(key, entry);
      void invalidateListViews(queryClient, { except: key });
    },
  });
}

/**
 * Sets how many episodes the viewer has watched. Not optimistic: the server may change the status
 * too (the last episode completes the title), so its entry replaces the cached one.
 */
export function useProgressMutation(anime: AnimeRef) {
  const queryClient = useQueryClient();
  const key = libraryKeys.entry(anime.id);
  return useMutation({
    mutationFn: (progress: number) => putListStatus({ animeId: anime.id, progress }),
    onSuccess: (entry) => {
      queryClient.setQueryData(key, entry);
      void invalidateListViews(queryClient, { except: key });
    },
  });
}

/** Removes a title from the list, optimistically. */
export function useRemoveFromListMutation(anime: AnimeRef) {
  const queryClient = useQueryClient();
  const key = libraryKeys.entry(anime.id);
  return useMutation<unknown, Error, void, Snapshot>({
    mutationFn: () => removeFromList(anime.id),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AnimeListEntry | null>(key);
      queryClient.setQueryData(key, null);
      return { previous };
    },
    onError: (error, _variables, context) => {
      queryClient.setQueryData(key, context?.previous ?? null);
      notify.error(S.removeErrorTitle, error.message);
    },
    onSuccess: () => {
      notify.info(S.removed);
      // The entry is already null, as on the server: not read again.
      void invalidateListViews(queryClient, { except: key });
    },
  });
}

/** Rates a title 1–10, optimistically; the answer carries the portal's average. */
export function useRatingMutation(anime: AnimeRef) {
  const queryClient = useQueryClient();
  const key = libraryKeys.entry(anime.id);
  return useMutation({
    mutationFn: (rating: number) => rateAnime({ animeId: anime.id, rating }),
    onMutate: async (rating: number): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AnimeListEntry | null>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, userRating: rating });
      return { previous };
    },
    onError: (error: Error, _rating, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(key, context.previous);
      notify.error(S.ratingErrorTitle, error.message);
    },
    onSuccess: (summary) => {
      const current = queryClient.getQueryData<AnimeListEntry | null>(key);
      if (current) queryClient.setQueryData(key, { ...current, userRating: summary.userRating });
      // A rating may add the title to the list on the server: without an entry, read it again too.
      void invalidateListViews(queryClient, current ? { except: key } : {});
    },
  });
}

/** Forgets every saved position of a title: its card leaves "Продолжить просмотр" at once, and comes back on failure. */
export function useDismissContinueMutation() {
  const queryClient = useQueryClient();
  const key = continueWatchingQuery().queryKey;
  return useMutation<unknown, Error, number, { previous: ContinueWatchingItem[] | undefined }>({
    mutationFn: forgetProgress,
    onMutate: async (animeId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(
        key,
        previous?.filter((item) => item.animeId !== animeId),
      );
      return { previous };
    },
    onError: (error, _animeId, context) => {
      queryClient.setQueryData(key, context?.previous);
      notify.error(S.continueDismissErrorTitle, error.message);
    },
  });
}

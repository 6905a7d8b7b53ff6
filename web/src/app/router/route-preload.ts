import type { QueryClient } from '@tanstack/react-query';
import { animeListInfiniteQuery, newAnimeQuery, popularAnimeQuery } from '../../features/catalogue/api/catalogue-api';
import { parseFilters, SEARCH_PARAM, toListQuery } from '../../features/catalogue/lib/catalogue-filters';
import { continueWatchingQuery, episodesQuery, titleQuery } from '../../shared/api/title-api';
import { parsePositiveId } from '../../shared/lib/route-params';

/** The lazy pages the first screen most often is: loaded by the router, and early by `preloadFirstRoute`. */
export const PAGE_MODULES = {
  home: () => import('../../features/catalogue/components/HomePage'),
  continueWatching: () => import('../../features/library/components/ContinueWatching'),
  catalogue: () => import('../../features/catalogue/components/CataloguePage'),
  anime: () => import('../../features/catalogue/components/AnimePage'),
  player: () => import('../../features/player/components/PlayerPage'),
};

/**
 * Starts loading the first route's page code and its main data at once, from main.tsx before React's
 * first render, instead of one after the other (entry script → render → page chunk → its queries →
 * posters): on a phone this takes the code's and the data's round trips off the largest paint. Where
 * the session must be verified first (SPEC.md section 2) they load while the guard checks it. Only
 * with a stored session: a guest sees the welcome prompt, not the page.
 */
export function preloadFirstRoute({ pathname, search }: Pick<Location, 'pathname' | 'search'>, queryClient: QueryClient): void {
  const ignore = () => undefined; // a failure shows up again, and is handled, when the page loads for real
  if (pathname === '/') {
    PAGE_MODULES.home().catch(ignore);
    // Known before the page shows, the "Продолжить просмотр" row never appears as a skeleton only to
    // vanish (empty) and pull the rows below it up.
    PAGE_MODULES.continueWatching().catch(ignore);
    queryClient.prefetchQuery(continueWatchingQuery()).catch(ignore);
    queryClient.prefetchQuery(popularAnimeQuery()).catch(ignore);
    queryClient.prefetchQuery(newAnimeQuery()).catch(ignore);
    return;
  }
  if (pathname === '/catalog' || pathname === '/catalog/') {
    PAGE_MODULES.catalogue().catch(ignore);
    // The list the page asks for first (the filters in the URL), unless it opens on a search.
    const params = new URLSearchParams(search);
    if (!params.get(SEARCH_PARAM)?.trim()) queryClient.prefetchInfiniteQuery(animeListInfiniteQuery(toListQuery(parseFilters(params)))).catch(ignore);
    return;
  }
  const anime = /^\/anime\/([^/]+)\/?$/.exec(pathname);
  const animeId = anime && parsePositiveId(anime[1]);
  if (animeId) {
    PAGE_MODULES.anime().catch(ignore);
    queryClient.prefetchQuery(titleQuery(animeId)).catch(ignore);
    return;
  }
  const watch = /^\/watch\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  const watchId = watch && parsePositiveId(watch[1]);
  if (watchId) {
    PAGE_MODULES.player().catch(ignore);
    queryClient.prefetchQuery(titleQuery(watchId)).catch(ignore);
    queryClient.prefetchQuery(episodesQuery(watchId)).catch(ignore);
  }
}

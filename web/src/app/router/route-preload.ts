import type { QueryClient } from '@tanstack/react-query';
import { newAnimeQuery, popularAnimeQuery } from '../../features/catalogue/api/catalogue-api';
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
 * Starts loading the first route's page code and its main data while the access guard still shows
 * "Проверка авторизации..." (at least 0.5 s, SPEC.md section 2), instead of one after the other once
 * it lets the page through: on a phone this takes the code's and the data's round trips off the
 * largest paint. Only with a stored session: a guest sees the welcome prompt, not the page.
 */
export function preloadFirstRoute(pathname: string, queryClient: QueryClient): void {
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
  if (pathname === '/catalog') {
    PAGE_MODULES.catalogue().catch(ignore);
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

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
/** A poster and, as PosterImage does, its generated fallback when it cannot be loaded. */
interface PosterRef {
  poster: string;
  fallbackPoster: string;
}

/**
 * Starts loading the posters the page will show above the fold (eager, `fetchpriority="high"` there) as
 * soon as the data naming them has arrived, instead of after the page's code has run and rendered (and,
 * on a verified path, after the guard's 0.5 s): the <img> then finds them in the browser's image cache.
 * A poster that fails brings its generated fallback, as the <img> would.
 */
function warmPosters(refs: readonly (PosterRef | undefined)[]): void {
  for (const ref of refs) {
    if (!ref) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.decoding = 'async';
    if (ref.poster !== ref.fallbackPoster) {
      image.onerror = () => {
        image.onerror = null;
        image.src = ref.fallbackPoster;
      };
    }
    image.src = ref.poster || ref.fallbackPoster;
  }
}

export function preloadFirstRoute({ pathname, search }: Pick<Location, 'pathname' | 'search'>, queryClient: QueryClient): void {
  const ignore = () => undefined; // a failure shows up again, and is handled, when the page loads for real
  if (pathname === '/') {
    PAGE_MODULES.home().catch(ignore);
    // Known before the page shows, the "Продолжить просмотр" row never appears as a skeleton only to
    // vanish (empty) and pull the rows below it up.
    PAGE_MODULES.continueWatching().catch(ignore);
    // The first row is the viewer's «Продолжить просмотр» when there is one, else «Популярное».
    Promise.all([queryClient.fetchQuery(continueWatchingQuery()), queryClient.fetchQuery(popularAnimeQuery())])
      .then(([continuing, popular]) => warmPosters(continuing.length > 0 ? continuing.slice(0, 2).map((item) => item.anime) : popular.items.slice(0, 3)))
      .catch(ignore);
    queryClient.prefetchQuery(newAnimeQuery()).catch(ignore);
    return;
  }
  if (pathname === '/catalog' || pathname === '/catalog/') {
    PAGE_MODULES.catalogue().catch(ignore);
    // The list the page asks for first (the filters in the URL), unless it opens on a search.
    const params = new URLSearchParams(search);
    if (!params.get(SEARCH_PARAM)?.trim()) {
      queryClient
        .fetchInfiniteQuery(animeListInfiniteQuery(toListQuery(parseFilters(params))))
        .then((list) => warmPosters(list.pages[0]?.items.slice(0, 2) ?? []))
        .catch(ignore);
    }
    return;
  }
  const anime = /^\/anime\/([^/]+)\/?$/.exec(pathname);
  const animeId = anime && parsePositiveId(anime[1]);
  if (animeId) {
    PAGE_MODULES.anime().catch(ignore);
    queryClient
      .fetchQuery(titleQuery(animeId))
      .then((anime) => warmPosters([anime]))
      .catch(ignore);
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

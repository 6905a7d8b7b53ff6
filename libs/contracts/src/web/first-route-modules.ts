/**
 * The lazy pages a first visit most often opens, by path, as the web client's source files (the keys of
 * Vite's build manifest). The gateway names their built code in the index.html it answers for such a
 * path (`<link rel="modulepreload">`), so the page's code loads alongside the entry script instead of
 * after it has run; web/src/app/router/route-preload.ts imports the same files (a test keeps them equal).
 */
export const FIRST_ROUTE_MODULES: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^\/$/, modules: ['src/features/catalogue/components/HomePage.tsx', 'src/features/library/components/ContinueWatching.tsx'] },
  { path: /^\/catalog\/?$/, modules: ['src/features/catalogue/components/CataloguePage.tsx'] },
  { path: /^\/anime\/[^/]+\/?$/, modules: ['src/features/catalogue/components/AnimePage.tsx'] },
  { path: /^\/watch\/[^/]+\/[^/]+\/?$/, modules: ['src/features/player/components/PlayerPage.tsx'] },
];

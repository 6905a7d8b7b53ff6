import type { AnimeSort } from './anime.dto';

/**
 * The first requests of the catalogue's pages. The gateway's page shells (../web/page-shells.ts) ask
 * the API the same, so the shell shows the answer the page then gets, from the cache the shell filled.
 */
export const HOME_ROW_SIZE = 12;
export const CATALOGUE_PAGE_SIZE = 24;
export const CATALOGUE_DEFAULT_SORT: AnimeSort = 'popularity';

/**
 * Cards whose posters load at once with high priority (the rest lazily), on the page as in its shell;
 * `continueRow`: the home page's first row when the viewer has one, whose first cards are above the fold on a phone.
 */
export const EAGER_POSTERS = { catalogue: 2, home: 3, continueRow: 2 } as const;
/** Cards in a "Продолжить просмотр" row (the home page's, its shell's and the TV's). */
export const CONTINUE_ROW_SIZE = 12;

import { z } from 'zod';
import { animeEpisodesSchema } from '../media/episode.answers';
import { episodesListSchema } from '../media/episodes.schemas';
import { defineOperation } from '../operations/define-operation';
import { numberedPageOf } from '../validation/answer.schemas';
import { emptySchema } from '../validation/common.schemas';
import { animeRefLookupSchema } from './anime-ref.answers';
import {
  animeDetailsSchema,
  animePosterSchema,
  animeStatsSchema,
  animeSummarySchema,
  characterDetailsSchema,
  characterSummarySchema,
  collectionDetailsSchema,
  collectionSchema,
  genreSchema,
  searchHitSchema,
  seiyuuDetailsSchema,
  suggestionSchema,
} from './catalogue.answers';
import {
  animeListQuerySchema,
  animeRefsRequestSchema,
  animeSearchQuerySchema,
  animeSuggestQuerySchema,
  catalogueIdParamsSchema,
  cataloguePageQuerySchema,
  charactersQuerySchema,
  genrePageRequestSchema,
} from './catalogue.schemas';

const animePageSchema = numberedPageOf(animeSummarySchema);

/**
 * The catalogue's public reads (docs/catalogue.md): the catalogue service answers them, the same for
 * everyone, so the gateway's response cache (apps/gateway/src/catalogue/catalogue-response-cache.ts)
 * keeps their answers by URL until the catalogue changes. Adult titles are never listed. The admin's
 * writes are ANIME_ADMIN_OPERATIONS (catalogue-admin.operations.ts); the poster routes are ANIME_POSTER_OPERATIONS.
 */
export const CATALOGUE_OPERATIONS = {
  list: defineOperation({
    pattern: 'catalogue.anime.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime', page: true },
    summary: 'Browse the catalogue: filters, sort, pages (data = items, meta = page, limit, total)',
    notes:
      '`limit` 1–50 (default 20). `sort` is popularity, score, new, year or title: `new` lists started premieres only, latest first (as /api/anime/new); `year` also lists announced titles. `genre` is a slug of /api/genres.',
    request: animeListQuerySchema,
    answer: animePageSchema,
  }),
  popular: defineOperation({
    pattern: 'catalogue.anime.popular',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/popular', page: true },
    summary: 'Most watched titles',
    request: cataloguePageQuerySchema,
    answer: animePageSchema,
  }),
  top: defineOperation({
    pattern: 'catalogue.anime.top',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/top', page: true },
    summary: 'Best rated titles (among titles enough people rated)',
    notes: 'Titles rated by at least 5,000 viewers.',
    request: cataloguePageQuerySchema,
    answer: animePageSchema,
  }),
  new: defineOperation({
    pattern: 'catalogue.anime.new',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/new', page: true },
    summary: 'Latest premieres',
    notes: 'Premieres that have started, latest first.',
    request: cataloguePageQuerySchema,
    answer: animePageSchema,
  }),
  search: defineOperation({
    pattern: 'catalogue.anime.search',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/search' },
    summary: 'Typo-tolerant search in Russian, English, romaji and Japanese titles',
    notes: '`title` 1–100 characters. Each hit carries `matchedName` (the name that matched) and `relevance`, best first.',
    request: animeSearchQuerySchema,
    answer: z.array(searchHitSchema),
  }),
  suggest: defineOperation({
    pattern: 'catalogue.anime.suggest',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/suggest' },
    summary: 'Autocomplete: a few titles for what has been typed so far',
    notes: '`limit` defaults to 8.',
    request: animeSuggestQuerySchema,
    answer: z.array(suggestionSchema),
  }),
  // `/anime/popular`, `/anime/top`… are static routes, which the router prefers to `/anime/:id`; `id` is digits anyway.
  get: defineOperation({
    pattern: 'catalogue.anime.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/:id' },
    summary: 'One title by catalogue id or by Shikimori id',
    notes: "The answer carries the SPEC's names too: `_id`, `imageUrl`, `rating`, `releaseYear`, `series`, `id_shiki`, `shikimori_*`.",
    request: catalogueIdParamsSchema,
    answer: animeDetailsSchema,
  }),
  stats: defineOperation({
    pattern: 'catalogue.anime.stats',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/:id/stats' },
    summary: 'List-status counts and score distribution of a title',
    notes: "Counts per list status, votes per score 1–10, `votes` and `averageScore` of the portal's own viewers; not cached.",
    request: catalogueIdParamsSchema,
    answer: animeStatsSchema,
  }),
  genres: defineOperation({
    pattern: 'catalogue.genres.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/genres' },
    summary: 'Genres with Russian names and title counts',
    request: emptySchema,
    answer: z.array(genreSchema),
  }),
  genre: defineOperation({
    pattern: 'catalogue.genre.anime',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/genre/:genre', page: true },
    summary: 'Titles of one genre',
    request: genrePageRequestSchema,
    answer: animePageSchema,
  }),
  refs: defineOperation({
    pattern: 'catalogue.anime.refs',
    kind: 'read',
    access: 'public',
    summary: "Services: display slices of titles by catalogue or Shikimori id (the community's read model); unknown ids are left out",
    request: animeRefsRequestSchema,
    answer: z.array(animeRefLookupSchema),
  }),
};

/**
 * What the gateway's poster routes (GET /anime/:id/poster.svg, /anime/:id/poster) read: they answer
 * images and redirects, so they stay its own (apps/gateway/src/catalogue/anime.controller.ts).
 */
export const ANIME_POSTER_OPERATIONS = {
  get: defineOperation({
    pattern: 'catalogue.anime.poster',
    kind: 'read',
    access: 'public',
    summary: "A title's generated poster (SVG) and where its own poster is",
    request: catalogueIdParamsSchema,
    answer: animePosterSchema,
  }),
};

/** Characters and voice actors (seiyuu), with the titles they appear in. */
export const PEOPLE_OPERATIONS = {
  characters: defineOperation({
    pattern: 'catalogue.characters.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/characters', page: true },
    summary: 'Characters, optionally filtered by name (page 1, 20 per page by default)',
    request: charactersQuerySchema,
    answer: numberedPageOf(characterSummarySchema),
  }),
  character: defineOperation({
    pattern: 'catalogue.character.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/characters/:id' },
    summary: 'A character with the titles it appears in and its voices',
    request: catalogueIdParamsSchema,
    answer: characterDetailsSchema,
  }),
  seiyuu: defineOperation({
    pattern: 'catalogue.seiyuu.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/seiyuu/:id' },
    summary: 'A voice actor with their roles',
    request: catalogueIdParamsSchema,
    answer: seiyuuDetailsSchema,
  }),
};

/** Curated collections of titles: the reads. Admins write them through the gateway's upload routes (COLLECTIONS_ADMIN_OPERATIONS). */
export const COLLECTIONS_OPERATIONS = {
  list: defineOperation({
    pattern: 'catalogue.collections.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/collections', page: true },
    summary: 'Collections, newest first',
    request: cataloguePageQuerySchema,
    answer: numberedPageOf(collectionSchema),
  }),
  featured: defineOperation({
    pattern: 'catalogue.collections.featured',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/collections/featured' },
    summary: 'Collections shown on the home page',
    request: emptySchema,
    answer: z.array(collectionSchema),
  }),
  get: defineOperation({
    pattern: 'catalogue.collection.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/collections/:id' },
    summary: 'A collection with its titles',
    request: catalogueIdParamsSchema,
    answer: collectionDetailsSchema,
  }),
};

/** What the player plays (docs/media.md). Not in the gateway's response cache: its HLS sources are files under /media/. */
export const EPISODES_OPERATIONS = {
  list: defineOperation({
    pattern: 'catalogue.episodes.list',
    kind: 'read',
    access: 'public',
    // `animeId`, not `id`: a refused id is reported as the field `animeId`, as the catalogue always has.
    http: { method: 'GET', path: '/anime/:animeId/episodes' },
    summary: "A title's episodes: own HLS streams (sources under /media/), else an external provider's iframe player when VIDEO_PROVIDER=iframe, else none",
    notes:
      "Own episodes have `source.kind = 'hls'`, a master playlist under `/media/` and their opening and ending spans; without them and the iframe provider, `episodes` is `[]` (docs/media.md). Not cached.",
    request: episodesListSchema,
    answer: animeEpisodesSchema,
  }),
};

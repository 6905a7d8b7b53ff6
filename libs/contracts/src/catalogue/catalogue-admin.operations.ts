import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import {
  animeDeletedSchema,
  backgroundImagesSchema,
  collectionDeletedSchema,
  collectionUpdatedSchema,
  metadataJobSchema,
  metadataSyncProgressSchema,
  syncQueuedSchema,
} from './catalogue-admin.answers';
import { animeDetailsSchema, collectionDetailsSchema } from './catalogue.answers';
import {
  animeCreateSchema,
  animePatchRequestSchema,
  catalogueIdParamsSchema,
  collectionCreateSchema,
  collectionUpdateRequestSchema,
  metadataIdParamsSchema,
  metadataSyncSchema,
  parserParseSchema,
  savePosterSchema,
  setBackgroundRequestSchema,
} from './catalogue.schemas';

/**
 * An admin's writes to the titles (docs/catalogue.md). Each one changes what the public reads answer:
 * the gateway answers it once its response cache has caught up (`refreshesCatalogue`), so the
 * admin's next read shows the change.
 */
export const ANIME_ADMIN_OPERATIONS = {
  create: defineOperation({
    pattern: 'catalogue.anime.create',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/anime', refreshesCatalogue: true },
    summary: 'Add a title (admins only)',
    notes:
      'The body is `AnimeWrite` with `title` required (`series` = episodes, `releaseYear` = year, `imageUrl` = poster); new titles get ids from 100000000 up.',
    request: animeCreateSchema,
    answer: animeDetailsSchema,
  }),
  patch: defineOperation({
    pattern: 'catalogue.anime.patch',
    kind: 'write',
    access: 'admin',
    http: { method: 'PATCH', path: '/anime/:id', refreshesCatalogue: true },
    summary: 'Change fields of a title (admins only)',
    notes: 'Any fields of `AnimeWrite` (`series` = episodes, `releaseYear` = year, `imageUrl` = poster); other fields are ignored.',
    request: animePatchRequestSchema,
    answer: animeDetailsSchema,
  }),
  // The same change under PUT, as SPEC names it: a route is one operation, so it has a pattern of its own.
  replace: defineOperation({
    pattern: 'catalogue.anime.replace',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/anime/:id', refreshesCatalogue: true },
    summary: 'Change fields of a title (admins only); like PATCH, the fields sent are the ones changed',
    notes: 'Any fields of `AnimeWrite` (`series` = episodes, `releaseYear` = year, `imageUrl` = poster); other fields are ignored.',
    request: animePatchRequestSchema,
    answer: animeDetailsSchema,
  }),
  delete: defineOperation({
    pattern: 'catalogue.anime.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/anime/:id', refreshesCatalogue: true },
    summary: 'Remove a title (admins only)',
    request: catalogueIdParamsSchema,
    answer: animeDeletedSchema,
  }),
  savePoster: defineOperation({
    pattern: 'catalogue.poster.save',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/anime/save-poster', refreshesCatalogue: true },
    summary: "Set a title's poster URL (admins only)",
    notes: '`posterUrl` is an http or https address.',
    request: savePosterSchema,
    answer: animeDetailsSchema,
  }),
};

/**
 * An admin's writes to the collections, sent by the gateway's own routes
 * (apps/gateway/src/catalogue/collections.controller.ts): they take a multipart form whose cover the
 * gateway stores, and it deletes the covers these answer as replaced or gone.
 */
export const COLLECTIONS_ADMIN_OPERATIONS = {
  create: defineOperation({
    pattern: 'catalogue.collection.create',
    kind: 'write',
    access: 'admin',
    summary: 'Add a collection (admins only); `cover` is the key of the cover the gateway stored',
    request: collectionCreateSchema,
    answer: collectionDetailsSchema,
  }),
  update: defineOperation({
    pattern: 'catalogue.collection.update',
    kind: 'write',
    access: 'admin',
    summary: 'Change a collection (admins only): the fields sent are the ones changed; answers the cover replaced',
    request: collectionUpdateRequestSchema,
    answer: collectionUpdatedSchema,
  }),
  delete: defineOperation({
    pattern: 'catalogue.collection.delete',
    kind: 'write',
    access: 'admin',
    summary: 'Remove a collection (admins only); answers its cover, for the gateway to delete',
    request: catalogueIdParamsSchema,
    answer: collectionDeletedSchema,
  }),
};

/**
 * Shikimori metadata for the catalogue (admins only, docs/catalogue-metadata.md): the sync queue and its
 * progress, posters, the parser (Kodik id + sync), screenshots to choose a background from. Work is
 * queued (202 Accepted); the jobs refresh the response cache when they change a title.
 */
export const CATALOGUE_METADATA_OPERATIONS = {
  progress: defineOperation({
    pattern: 'catalogue.metadata.progress',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/admin/catalogue/sync' },
    summary: 'Sync progress: queue counts, synced titles of those with a Shikimori id, recent failures',
    request: emptySchema,
    answer: metadataSyncProgressSchema,
  }),
  sync: defineOperation({
    pattern: 'catalogue.metadata.sync',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/admin/catalogue/sync', status: 202 },
    summary: 'Queue a Shikimori sync of some titles (by Shikimori id) or of all of them; data.queued = jobs added',
    notes: 'Send `{ all: true }` or `{ shikimoriIds: number[] }`.',
    request: metadataSyncSchema,
    answer: syncQueuedSchema,
  }),
  updatePosters: defineOperation({
    pattern: 'catalogue.posters.update',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/anime/update-posters', status: 202 },
    summary: 'Queue a sync of every title that has a Shikimori id and no poster',
    request: emptySchema,
    answer: syncQueuedSchema,
  }),
  parse: defineOperation({
    pattern: 'catalogue.parser.parse',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/parser/parse', status: 202 },
    summary: "Store a title's Kodik id and queue its Shikimori sync",
    request: parserParseSchema,
    answer: metadataJobSchema,
  }),
  searchImages: defineOperation({
    pattern: 'catalogue.images.search',
    kind: 'read',
    access: 'admin',
    http: { method: 'GET', path: '/images/search/:id' },
    summary: 'Shikimori screenshots of a title (to choose its background from)',
    notes: '`images` are `[{ original, preview }]`.',
    request: metadataIdParamsSchema,
    answer: backgroundImagesSchema,
  }),
  setBackground: defineOperation({
    pattern: 'catalogue.images.set-background',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/images/set-background/:id', status: 202 },
    summary: "Queue setting a title's background image",
    request: setBackgroundRequestSchema,
    answer: metadataJobSchema,
  }),
};

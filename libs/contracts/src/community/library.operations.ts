import { defineOperation } from '../operations/define-operation';
import {
  animeListEntrySchema,
  animeRatingSummarySchema,
  listEntryRemovedSchema,
  listFileSchema,
  listImportReportSchema,
  listPageAnswerSchema,
} from './library.answers';
import {
  listEntryParamsSchema,
  listExportSchema,
  listImportSchema,
  listOwnerParamsSchema,
  listQuerySchema,
  listUpdateSchema,
  ratingSchema,
} from './community.schemas';

/**
 * Viewers' anime lists and ratings (docs/community.md): lists are public, changes are the caller's own.
 * The gateway's own routes send `update` (then wait briefly for the day's list card), `import` (a file
 * upload) and `export` (a download).
 */
export const LISTS_OPERATIONS = {
  update: defineOperation({
    pattern: 'community.list.update',
    kind: 'write',
    access: 'user',
    summary: 'Add a title to the list or change its entry: status, progress, or one watched episode (PUT /api/users/anime/status)',
    request: listUpdateSchema,
    answer: animeListEntrySchema,
  }),
  mine: defineOperation({
    pattern: 'community.list.mine',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/anime' },
    summary: "The signed-in user's list, most recently changed first, with the count per status; ?status&page&limit",
    notes: '`limit` 1–100 (default 50); `counts` holds the count per status.',
    request: listQuerySchema,
    answer: listPageAnswerSchema,
  }),
  ofUser: defineOperation({
    pattern: 'community.list.of-user',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/users/profile/:username/anime' },
    summary: "A user's public list, with the count per status; ?status&page&limit",
    notes: 'The same answer as /api/users/anime; 404 «Пользователь не найден».',
    request: listQuerySchema.extend(listOwnerParamsSchema.shape),
    answer: listPageAnswerSchema,
  }),
  entry: defineOperation({
    pattern: 'community.list.entry',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/anime/:animeId' },
    summary: "The signed-in user's entry for a title, or null",
    request: listEntryParamsSchema,
    answer: animeListEntrySchema.nullable(),
  }),
  remove: defineOperation({
    pattern: 'community.list.remove',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/users/anime/:animeId' },
    summary: 'Remove a title from the list (its rating goes with it)',
    notes: '404 when the title is not listed.',
    request: listEntryParamsSchema,
    answer: listEntryRemovedSchema,
  }),
  rate: defineOperation({
    pattern: 'community.rating.set',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/rating', status: 200 },
    summary: 'Rate a title 1..10 (an unlisted title is added as planned); answers the portal average and votes',
    notes: '`rating` is an integer 1–10.',
    request: ratingSchema,
    answer: animeRatingSummarySchema,
  }),
  import: defineOperation({
    pattern: 'community.list.import',
    kind: 'write',
    access: 'user',
    summary: 'Import a MyAnimeList XML or Shikimori JSON export (POST /api/users/anime/import); without `format` the first character decides',
    request: listImportSchema,
    answer: listImportReportSchema,
  }),
  export: defineOperation({
    pattern: 'community.list.export',
    kind: 'read',
    access: 'user',
    summary: 'The list as a MyAnimeList XML or Shikimori JSON file (GET /api/users/anime/export)',
    request: listExportSchema,
    answer: listFileSchema,
  }),
};

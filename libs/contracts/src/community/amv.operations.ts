import { defineOperation } from '../operations/define-operation';
import { emptySchema } from '../validation/common.schemas';
import {
  amvAdjacentAnswerSchema,
  amvDeletedSchema,
  amvItemSchema,
  amvLikeStateSchema,
  amvPageSchema,
  amvPlaylistSchema,
  amvTopSchema,
  amvViewStateSchema,
} from './amv.answers';
import {
  amvAdjacentSchema,
  amvCreateSchema,
  amvListQuerySchema,
  amvParamsSchema,
  amvPlaylistItemSchema,
  amvPlaylistReorderSchema,
  amvSearchQuerySchema,
  amvUpdateSchema,
  amvViewSchema,
} from './amv.schemas';

/**
 * AMV clips (docs/community.md, «AMV»): the community owns them. Reads are public (a signed-in
 * caller learns `likedByMe`), writes the admins'. The gateway keeps its own routes for what does more
 * than forward (apps/gateway/src/community/amv.controller.ts): the video upload and the view count
 * (AMV_VIEW_OPERATIONS). An AMV's comments are in COMMENTS_OPERATIONS.
 */
export const AMV_OPERATIONS = {
  list: defineOperation({
    pattern: 'community.amv.list',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/amv' },
    summary: 'AMV listing in title order, 24 a page; ?letter (А–Я, A–Z or #), ?page, ?search (typo-tolerant), each optional',
    notes: '`search` ≤ 100 characters. `{ items, page, limit: 24, total }`.',
    request: amvListQuerySchema,
    answer: amvPageSchema,
  }),
  top: defineOperation({
    pattern: 'community.amv.top',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/amv/top' },
    summary: 'The most viewed and the most liked AMVs',
    notes: '6 of each.',
    request: emptySchema,
    answer: amvTopSchema,
  }),
  search: defineOperation({
    pattern: 'community.amv.search',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/amv/search' },
    summary: 'AMVs whose title, author, music or tags match ?q, typos forgiven; closest first',
    notes: '`q` 1–100 characters; the answer is one page, `page: 1`.',
    request: amvSearchQuerySchema,
    answer: amvPageSchema,
  }),
  get: defineOperation({
    pattern: 'community.amv.get',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/amv/:id' },
    summary: 'One AMV with its video (file, HLS rendition or embedded player)',
    notes: '404 «AMV не найдено».',
    request: amvParamsSchema,
    answer: amvItemSchema,
  }),
  adjacent: defineOperation({
    pattern: 'community.amv.adjacent',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/amv/:id/adjacent' },
    summary: 'The previous and next AMV in the listing order (within ?letter and ?search when given)',
    request: amvAdjacentSchema,
    answer: amvAdjacentAnswerSchema,
  }),
  create: defineOperation({
    pattern: 'community.amv.create',
    kind: 'write',
    access: 'admin',
    http: { method: 'POST', path: '/amv' },
    summary: 'Admin: add an AMV; video is { uploadId } (from POST /amv/upload, transcoded to HLS) or { url } (YouTube, VK Video, Rutube)',
    request: amvCreateSchema,
    answer: amvItemSchema,
  }),
  update: defineOperation({
    pattern: 'community.amv.update',
    kind: 'write',
    access: 'admin',
    http: { method: 'PUT', path: '/amv/:id' },
    summary: 'Admin: change an AMV (the fields given)',
    notes: 'Any of the fields of POST /api/amv (at least one).',
    request: amvUpdateSchema,
    answer: amvItemSchema,
  }),
  delete: defineOperation({
    pattern: 'community.amv.delete',
    kind: 'write',
    access: 'admin',
    http: { method: 'DELETE', path: '/amv/:id' },
    summary: 'Admin: delete an AMV (and it leaves every playlist)',
    request: amvParamsSchema,
    answer: amvDeletedSchema,
  }),
  like: defineOperation({
    pattern: 'community.amv.like',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/amv/:id/like', status: 200 },
    summary: 'Like an AMV (once per user; again changes nothing)',
    request: amvParamsSchema,
    answer: amvLikeStateSchema,
  }),
  unlike: defineOperation({
    pattern: 'community.amv.unlike',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/amv/:id/like' },
    summary: 'Take the like back',
    request: amvParamsSchema,
    answer: amvLikeStateSchema,
  }),
};

/**
 * An AMV's view, counted once per viewer a day: the gateway's own route (POST /api/amv/:id/view) sends
 * it, naming the viewer from the request (the user, or a guest's hashed address and browser).
 */
export const AMV_VIEW_OPERATIONS = {
  count: defineOperation({
    pattern: 'community.amv.view',
    kind: 'write',
    access: 'public',
    summary: "Count an AMV's view, once per viewer a day",
    request: amvViewSchema,
    answer: amvViewStateSchema,
  }),
};

/** The caller's own AMV playlist (docs/community.md, «AMV»), in its order; every change answers the whole playlist. */
export const AMV_PLAYLIST_OPERATIONS = {
  get: defineOperation({
    pattern: 'community.amv-playlist.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/users/me/amv-playlist' },
    summary: "The caller's AMV playlist in its order",
    request: emptySchema,
    answer: amvPlaylistSchema,
  }),
  add: defineOperation({
    pattern: 'community.amv-playlist.add',
    kind: 'write',
    access: 'user',
    http: { method: 'POST', path: '/users/me/amv-playlist', status: 200 },
    summary: 'Add an AMV to the end of the playlist (409 when it is already there)',
    notes: '404 for an unknown AMV.',
    request: amvPlaylistItemSchema,
    answer: amvPlaylistSchema,
  }),
  remove: defineOperation({
    pattern: 'community.amv-playlist.remove',
    kind: 'write',
    access: 'user',
    http: { method: 'DELETE', path: '/users/me/amv-playlist/:amvId' },
    summary: 'Remove an AMV from the playlist',
    notes: '404 when it is not in the playlist.',
    request: amvPlaylistItemSchema,
    answer: amvPlaylistSchema,
  }),
  reorder: defineOperation({
    pattern: 'community.amv-playlist.reorder',
    kind: 'write',
    access: 'user',
    http: { method: 'PUT', path: '/users/me/amv-playlist' },
    summary: 'Reorder the playlist: ids lists every AMV of it exactly once, in the new order',
    notes: "400 when `ids` is not the playlist's AMVs, each once.",
    request: amvPlaylistReorderSchema,
    answer: amvPlaylistSchema,
  }),
};

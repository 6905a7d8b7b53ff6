import { episodeManagementSchema, episodeSourceViewSchema, episodeUploadSlotSchema, managedEpisodeSchema } from '../media/episode-uploads.answers';
import {
  episodeManagementRequestSchema,
  episodeMarkersRequestSchema,
  episodePublishRequestSchema,
  episodeSourceIdRequestSchema,
  episodeSourceRegisterRequestSchema,
  episodeUploadSlotRequestSchema,
} from '../media/episode-uploads.schemas';
import { defineOperation } from '../operations/define-operation';

/**
 * Publishing real episodes (docs/media.md, «Uploading episodes»): for admins and uploaders. The file
 * itself arrives through the gateway's resumable upload (tus, /api/episode-uploads), which asks
 * `slot` before it takes a byte and `register` once the file is whole and ffprobe found a video in it.
 */
export const EPISODE_UPLOAD_OPERATIONS = {
  manage: defineOperation({
    pattern: 'catalogue.episodes.manage',
    kind: 'read',
    access: 'uploader',
    http: { method: 'GET', path: '/admin/anime/:animeId/episodes' },
    summary: "Uploader: a title's episodes, published or not, with its uploads and their transcoding",
    notes:
      '`sources` are newest first, each with `state` (`queued`, `transcoding`, `ready`, `failed`, `cancelled`), `progress` 0–100, `etaSeconds` and `error`. 404 «Аниме не найдено» for an unknown title.',
    request: episodeManagementRequestSchema,
    answer: episodeManagementSchema,
  }),
  slot: defineOperation({
    pattern: 'catalogue.episodes.upload-slot',
    kind: 'read',
    access: 'uploader',
    summary: 'Gateway: whether an upload of episode N of a title may start (the title exists, the number is free)',
    request: episodeUploadSlotRequestSchema,
    answer: episodeUploadSlotSchema,
  }),
  register: defineOperation({
    pattern: 'catalogue.episodes.register-source',
    kind: 'write',
    access: 'uploader',
    summary: 'Gateway: a finished, probed upload becomes the source of episode N, and its transcode is queued',
    request: episodeSourceRegisterRequestSchema,
    answer: episodeSourceViewSchema,
  }),
  cancel: defineOperation({
    pattern: 'catalogue.episodes.cancel-source',
    kind: 'write',
    access: 'uploader',
    http: { method: 'POST', path: '/admin/episode-sources/:id/cancel', status: 200 },
    summary: 'Uploader: stop a queued or running transcode; the source file is kept for a retry',
    notes: '409 «Обработка уже закончилась: отменять нечего» for a ready, failed or cancelled one; 404 for an unknown id.',
    request: episodeSourceIdRequestSchema,
    answer: episodeSourceViewSchema,
  }),
  retry: defineOperation({
    pattern: 'catalogue.episodes.retry-source',
    kind: 'write',
    access: 'uploader',
    http: { method: 'POST', path: '/admin/episode-sources/:id/retry', status: 200 },
    summary: 'Uploader: transcode a failed or cancelled source again',
    notes: '409 «Повторить можно только неудавшуюся или отменённую обработку» otherwise, or when the episode number was taken meanwhile.',
    request: episodeSourceIdRequestSchema,
    answer: episodeSourceViewSchema,
  }),
  publish: defineOperation({
    pattern: 'catalogue.episodes.publish',
    kind: 'write',
    access: 'uploader',
    http: { method: 'PUT', path: '/admin/anime/:animeId/episodes/:number/published', refreshesCatalogue: true },
    summary: 'Uploader: publish a transcoded episode (it plays, counts in `episodesAvailable`, is announced) or hide it again',
    notes:
      'The first publication emits `catalogue.episodes.added` (the automatic news and the notices to watchers); hiding keeps the files. 404 «Серия не найдена» for an episode not transcoded yet.',
    request: episodePublishRequestSchema,
    answer: managedEpisodeSchema,
  }),
  markers: defineOperation({
    pattern: 'catalogue.episodes.set-markers',
    kind: 'write',
    access: 'uploader',
    http: { method: 'PUT', path: '/admin/anime/:animeId/episodes/:number/markers', refreshesCatalogue: true },
    summary: "Uploader: correct an episode's opening and ending (seconds; null: none); detection never overwrites a correction",
    notes: "400 «Отметка выходит за конец серии» for a span past the episode's duration; 404 «Серия не найдена». The player's skip uses them at once.",
    request: episodeMarkersRequestSchema,
    answer: managedEpisodeSchema,
  }),
};

import { episodeTrackListSchema, episodeTrackSchema, releaseTeamListSchema, titleTeamsSchema } from '../media/episode-tracks.answers';
import {
  episodeTrackAddRequestSchema,
  episodeTrackIdRequestSchema,
  episodeTrackListRequestSchema,
  releaseTeamListRequestSchema,
  titleTeamsRequestSchema,
} from '../media/episode-tracks.schemas';
import { defineOperation } from '../operations/define-operation';

/**
 * Release teams and the voice-overs and subtitles of uploaded episodes (docs/media.md, «Voice-overs and
 * subtitles added later»). The file itself arrives through the gateway's multipart upload
 * (EPISODE_TRACK_UPLOAD_PATH), which probes it and then calls `add`; the video is never re-encoded.
 */
export const EPISODE_TRACK_OPERATIONS = {
  titleTeams: defineOperation({
    pattern: 'catalogue.teams.of-title',
    kind: 'read',
    access: 'public',
    http: { method: 'GET', path: '/anime/:animeId/teams' },
    summary: 'The voice-over and subtitle teams of a title’s published episodes, for the title page',
    notes: 'Teams with a ready track on at least one published episode, by name. 404 «Аниме не найдено» for an unknown title.',
    request: titleTeamsRequestSchema,
    answer: titleTeamsSchema,
  }),
  listTeams: defineOperation({
    pattern: 'catalogue.teams.list',
    kind: 'read',
    access: 'uploader',
    http: { method: 'GET', path: '/admin/release-teams' },
    summary: 'Uploader: the release teams, to pick one for a new track (`kind`, name prefix `q`)',
    request: releaseTeamListRequestSchema,
    answer: releaseTeamListSchema,
  }),
  list: defineOperation({
    pattern: 'catalogue.episodes.tracks',
    kind: 'read',
    access: 'uploader',
    http: { method: 'GET', path: '/admin/anime/:animeId/episodes/:number/tracks' },
    summary: "Uploader: an episode's voice-overs and subtitles, the source's streams first, with each added one's processing state",
    notes: '404 «Серия не найдена» for an episode not transcoded yet.',
    request: episodeTrackListRequestSchema,
    answer: episodeTrackListSchema,
  }),
  add: defineOperation({
    pattern: 'catalogue.episodes.add-track',
    kind: 'write',
    access: 'uploader',
    summary: 'Gateway: a probed audio or subtitle file becomes a track of a transcoded episode; its processing is queued',
    request: episodeTrackAddRequestSchema,
    answer: episodeTrackSchema,
  }),
  remove: defineOperation({
    pattern: 'catalogue.episodes.remove-track',
    kind: 'write',
    access: 'uploader',
    http: { method: 'DELETE', path: '/admin/episode-tracks/:id', status: 200, refreshesCatalogue: true },
    summary: 'Uploader: remove an added track; the episode’s playlist no longer lists it',
    notes: '409 «Дорожку из исходного видео удалить нельзя: перезагрузите серию» for a stream of the source; 404 for an unknown id.',
    request: episodeTrackIdRequestSchema,
    answer: episodeTrackSchema,
  }),
};

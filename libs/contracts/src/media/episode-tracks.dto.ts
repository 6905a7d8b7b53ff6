import type { z } from 'zod';
import type {
  EPISODE_TRACK_KINDS,
  EPISODE_TRACK_ORIGINS,
  EPISODE_TRACK_STATES,
  episodeTrackListSchema,
  episodeTrackSchema,
  RELEASE_TEAM_KINDS,
  releaseTeamListSchema,
  releaseTeamSchema,
  titleTeamsSchema,
} from './episode-tracks.answers';

export type ReleaseTeamKind = (typeof RELEASE_TEAM_KINDS)[number];
export type EpisodeTrackKind = (typeof EPISODE_TRACK_KINDS)[number];
export type EpisodeTrackState = (typeof EPISODE_TRACK_STATES)[number];
export type EpisodeTrackOrigin = (typeof EPISODE_TRACK_ORIGINS)[number];
export type ReleaseTeam = z.output<typeof releaseTeamSchema>;
export type ReleaseTeamList = z.output<typeof releaseTeamListSchema>;
export type TitleTeams = z.output<typeof titleTeamsSchema>;
export type EpisodeTrack = z.output<typeof episodeTrackSchema>;
export type EpisodeTrackList = z.output<typeof episodeTrackListSchema>;

/**
 * The gateway's upload of a track file (multipart: fields `kind`, `team`, `language`, then `file`),
 * under the API prefix; `:animeId` and `:number` as in the episode routes.
 */
export const EPISODE_TRACK_UPLOAD_PATH = '/api/admin/anime/:animeId/episodes/:number/tracks';

/** A subtitle file is text: this is plenty for a whole season's worth of ASS styling. */
export const SUBTITLE_FILE_MAX_MB = 5;

export const EPISODE_TRACK_MESSAGES = {
  kind: 'Дорожка: audio (озвучка) или subtitles (субтитры)',
  team: 'Название команды: от 1 до 100 символов',
  language: 'Язык: код вроде ru, ja или en',
  fileMissing: 'Прикрепите файл дорожки',
  fileTooLarge: (maxMb: number) => `Файл больше ${maxMb} МБ`,
  notAudio: 'В файле нет звуковой дорожки: загрузите MKA, M4A, MP3, FLAC или видео со звуком',
  notSubtitles: 'Это не субтитры: загрузите SRT, ASS или VTT',
  episodeNotReady: 'Серия ещё не перекодирована: дорожку добавить некуда',
  duplicateTeam: 'У этой серии уже есть дорожка этой команды',
  trackNotFound: 'Дорожка не найдена',
  sourceTrack: 'Дорожку из исходного видео удалить нельзя: перезагрузите серию',
} as const;

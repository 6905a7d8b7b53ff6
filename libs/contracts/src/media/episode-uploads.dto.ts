import type { z } from 'zod';
import type {
  EPISODE_SOURCE_STATES,
  episodeManagementSchema,
  episodeSourceViewSchema,
  episodeUploadSlotSchema,
  managedEpisodeSchema,
  sourceAudioTrackSchema,
  sourceProbeSchema,
} from './episode-uploads.answers';

export type EpisodeSourceState = (typeof EPISODE_SOURCE_STATES)[number];
export type SourceAudioTrack = z.output<typeof sourceAudioTrackSchema>;
export type SourceProbe = z.output<typeof sourceProbeSchema>;
export type EpisodeSourceView = z.output<typeof episodeSourceViewSchema>;
export type ManagedEpisode = z.output<typeof managedEpisodeSchema>;
export type EpisodeManagement = z.output<typeof episodeManagementSchema>;
export type EpisodeUploadSlot = z.output<typeof episodeUploadSlotSchema>;

/** The resumable upload endpoint (tus 1.0.0) of the gateway, under the API prefix. */
export const EPISODE_UPLOADS_PATH = '/api/episode-uploads';

/** The tus `Upload-Metadata` keys an episode upload carries. */
export interface EpisodeUploadMetadata {
  animeId: string;
  number: string;
  filename: string;
}

export const EPISODE_UPLOAD_MESSAGES = {
  badNumber: 'Номер серии должен быть целым числом от 1 до 100000',
  metadataMissing: 'Укажите тайтл, номер серии и имя файла',
  fileTooLarge: (maxMb: number) => `Файл больше ${maxMb} МБ`,
  notVideo: 'Это не видеофайл: загрузите MP4, MKV или WebM',
  noVideoStream: 'В файле нет видеодорожки',
  duplicate: (number: number) => `Серия ${number} уже есть или загружается`,
  sourceNotFound: 'Загрузка не найдена',
  notCancellable: 'Обработка уже закончилась: отменять нечего',
  notRetryable: 'Повторить можно только неудавшуюся или отменённую обработку',
  episodeNotFound: 'Серия не найдена',
  noFfprobe: 'На сервере нет ffprobe: проверить видео нельзя',
  badSpan: 'Опенинг и эндинг: начало и конец в секундах, начало раньше конца',
  spanPastEnd: 'Отметка выходит за конец серии',
} as const;

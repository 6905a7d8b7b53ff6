import type { EpisodeManagement, EpisodeSourceState, EpisodeSourceView, SourceAudioTrack } from '@portal/contracts';
import { EPISODES_ADMIN_STRINGS as S } from '../strings';

/** A source a worker still has to finish: the screen polls while there is one. */
export const isInWork = (state: EpisodeSourceState): boolean => state === 'queued' || state === 'transcoding';

export const hasSourcesInWork = (management: EpisodeManagement | undefined): boolean => Boolean(management?.sources.some((source) => isInWork(source.state)));

/** The upload form's default: one after the highest episode or upload of the title, or 1. */
export function nextFreeNumber(management: Pick<EpisodeManagement, 'episodes' | 'sources'>): number {
  const numbers = [...management.episodes.map((episode) => episode.number), ...management.sources.map((source) => source.number)];
  return numbers.length === 0 ? 1 : Math.max(...numbers) + 1;
}

/** A whole per cent, 0 to 100. */
export const wholePercent = (value: number): number => (Number.isFinite(value) ? Math.min(100, Math.max(0, Math.floor(value))) : 0);

/** Bytes sent out of the total as a whole per cent (0 while the size is unknown). */
export const percentOf = (sent: number, total: number): number => (total > 0 ? wholePercent((sent / total) * 100) : 0);

const megabytes = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** «126,0»: bytes as megabytes with one decimal. */
export const formatMegabytes = (bytes: number): string => megabytes.format(bytes / (1024 * 1024));

/** «360p, 720p, 1080p». */
export const formatQualities = (qualities: readonly number[]): string => qualities.map((height) => `${height}p`).join(', ');

/** «AniLibria · русский», «японский», «дорожка 2». */
export function formatAudioTrack(track: SourceAudioTrack): string {
  const language = track.language ? (S.languages[track.language.toLowerCase()] ?? track.language) : null;
  const parts = [track.title?.trim() || null, language].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : S.sources.track(track.index);
}

/** What a source's state line says: «В очереди», «Обработка 42 % · осталось ~1 мин», «Готово · 720p, 1080p»… */
export function sourceStateText(source: Pick<EpisodeSourceView, 'state' | 'progress' | 'etaSeconds' | 'error' | 'qualities'>): string {
  switch (source.state) {
    case 'queued':
      return S.sources.states.queued;
    case 'transcoding':
      return S.sources.states.transcoding(wholePercent(source.progress), source.etaSeconds === null ? null : S.sources.eta(source.etaSeconds));
    case 'ready':
      return S.sources.states.ready(formatQualities(source.qualities));
    case 'failed':
      return S.sources.states.failed(source.error);
    case 'cancelled':
      return S.sources.states.cancelled;
  }
}

/** Newest first (the server sends them so; kept so after a source is replaced in the cache). */
export const newestFirst = (sources: readonly EpisodeSourceView[]): EpisodeSourceView[] =>
  [...sources].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** The episode number field: an integer from 1 to 100 000, or null. */
export function parseEpisodeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= 1 && number <= 100_000 ? number : null;
}

const VIDEO_TYPES = ['video/mp4', 'video/x-matroska', 'video/matroska', 'video/webm'];
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mkv|webm)$/i;

/** Whether the chosen file looks like MP4, MKV or WebM (by its type or its name); the server probes it anyway. */
export const looksLikeVideo = (file: Pick<File, 'name' | 'type'>): boolean => VIDEO_TYPES.includes(file.type) || VIDEO_EXTENSIONS.test(file.name);

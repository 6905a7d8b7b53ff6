import type { z } from 'zod';
import type {
  amvAdjacentAnswerSchema,
  amvItemSchema,
  amvLikeStateSchema,
  amvPageSchema,
  amvPlaylistSchema,
  amvTopSchema,
  amvVideoSchema,
  amvViewStateSchema,
} from './amv.answers';

/**
 * AMV clips and the personal AMV playlist (docs/community.md, «AMV»): constants, the external-player
 * normalisation and the answers' types (declared as schemas in amv.answers.ts, imported here as types
 * only: the web client imports this file without zod).
 */

export const AMV_TITLE_MAX = 200;
export const AMV_AUTHOR_MAX = 100;
export const AMV_MUSIC_MAX = 200;
export const AMV_TAG_MAX = 40;
export const AMV_TAGS_MAX = 10;
export const AMV_ANIME_MAX = 20;
export const AMV_DURATION_MAX = 3 * 60 * 60;
export const AMV_SEARCH_MAX = 100;
export const AMV_PAGE_SIZE = 24;
export const AMV_TOP_SIZE = 6;
export const AMV_PLAYLIST_MAX = 200;

/** The letter bar: «#» stands for every title that starts with a digit. */
export const AMV_CYRILLIC_LETTERS = 'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ'.split('');
export const AMV_LATIN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
export const AMV_DIGITS_LETTER = '#';
export const AMV_LETTERS: readonly string[] = [...AMV_CYRILLIC_LETTERS, ...AMV_LATIN_LETTERS, AMV_DIGITS_LETTER];

/** An uploaded file's id as the upload route answers it: a UUID and the extension of its real type. */
export const AMV_UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp4|webm)$/;
/** Where uploads and their HLS renditions live, under MEDIA_DIR (served at /media/amv/). */
export const AMV_MEDIA_FOLDER = 'amv';

export const AMV_MESSAGES = {
  id: 'Некорректный идентификатор AMV',
  title: `Название AMV должно быть строкой от 1 до ${AMV_TITLE_MAX} символов`,
  author: `Автор AMV должен быть строкой от 1 до ${AMV_AUTHOR_MAX} символов`,
  music: `Исполнитель и трек — строки не длиннее ${AMV_MUSIC_MAX} символов`,
  duration: `Длительность — целое число секунд от 1 до ${AMV_DURATION_MAX}`,
  tags: `Теги: не больше ${AMV_TAGS_MAX}, каждый от 1 до ${AMV_TAG_MAX} символов`,
  animeIds: `Связанные аниме: не больше ${AMV_ANIME_MAX} целых положительных id`,
  video: 'Укажите видео: загруженный файл (uploadId) или ссылку на плеер (url)',
  uploadId: 'Некорректный идентификатор загруженного файла',
  uploadMissing: 'Загруженный файл не найден: загрузите видео ещё раз',
  externalUrl: 'Ссылка на плеер должна быть адресом https',
  externalHost: 'Ссылки принимаются только на YouTube, VK Видео и Rutube',
  externalVideo: 'Не удалось найти идентификатор видео в ссылке',
  letter: 'Буква — одна буква А–Я, A–Z или «#»',
  page: 'Страница — целое число от 1',
  search: `Поисковый запрос — строка до ${AMV_SEARCH_MAX} символов`,
  query: `Введите запрос (от 1 до ${AMV_SEARCH_MAX} символов)`,
  nothingToChange: 'Укажите, что изменить',
  nul: 'Текст содержит недопустимый символ (NUL)',
  notFound: 'AMV не найдено',
  animeNotFound: 'Аниме не найдено',
  fileType: 'Видео должно быть файлом MP4 или WebM',
  fileTooLarge: (mb: number) => `Видео не может быть больше ${mb} МБ`,
  fileMissing: 'Выберите видеофайл',
  notMultipart: 'Ожидается форма multipart/form-data',
  playlistAmvId: 'Укажите id AMV',
  playlistDuplicate: 'Это AMV уже в плейлисте',
  playlistMissing: 'Этого AMV нет в плейлисте',
  playlistFull: `В плейлисте может быть не больше ${AMV_PLAYLIST_MAX} AMV`,
  playlistOrder: 'Порядок должен перечислять все AMV плейлиста ровно по одному разу',
} as const;

export const AMV_EMBED_PROVIDERS = ['youtube', 'vk', 'rutube'] as const;
export type AmvEmbedProvider = (typeof AMV_EMBED_PROVIDERS)[number];

/** The video of an AMV: an uploaded file (with its HLS rendition once transcoded) or an external player. */
export type AmvVideo = z.output<typeof amvVideoSchema>;
export type AmvItem = z.output<typeof amvItemSchema>;
/** GET /amv, GET /amv/search: `data` is the whole page (`items`, `page`, `limit`, `total`). */
export type AmvPage = z.output<typeof amvPageSchema>;
export type AmvTop = z.output<typeof amvTopSchema>;
/** GET /amv/:id/adjacent: the neighbours in the listing's order (title, then id). */
export type AmvAdjacent = z.output<typeof amvAdjacentAnswerSchema>;
export type AmvLikeState = z.output<typeof amvLikeStateSchema>;
export type AmvViewState = z.output<typeof amvViewStateSchema>;
export type AmvPlaylist = z.output<typeof amvPlaylistSchema>;

/** POST /amv/upload: the stored file, to be named as `video.uploadId` of POST /amv. */
export interface AmvUpload {
  uploadId: string;
  mimeType: 'video/mp4' | 'video/webm';
  size: number;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * An external player link as the privacy-enhanced embed URL of its host, or an error key when the
 * host is not allowed or the video id is missing. YouTube → youtube-nocookie.com/embed, VK Video →
 * vk.com/video_ext.php, Rutube → rutube.ru/play/embed.
 */
export function normalizeAmvEmbed(raw: string): { provider: AmvEmbedProvider; embedUrl: string } | 'url' | 'host' | 'video' {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'url';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url';
  if (url.username || url.password || (url.port && url.port !== '443')) return 'host';
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const path = url.pathname;
  if (['youtube.com', 'youtube-nocookie.com', 'youtu.be', 'music.youtube.com'].includes(host)) {
    const id = host === 'youtu.be' ? path.split('/')[1] : path === '/watch' ? url.searchParams.get('v') : /^\/(embed|shorts|live|v)\/([^/]+)/.exec(path)?.[2];
    if (!id || !YOUTUBE_ID.test(id)) return 'video';
    return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
  }
  if (['vk.com', 'vkvideo.ru', 'vk.ru'].includes(host)) {
    let owner: string | undefined;
    let video: string | undefined;
    const direct = /^\/(?:video|clip)(-?\d+)_(\d+)$/.exec(path) ?? /(?:video|clip)(-?\d+)_(\d+)/.exec(url.searchParams.get('z') ?? '');
    if (direct) [, owner, video] = direct;
    else if (path === '/video_ext.php') {
      owner = url.searchParams.get('oid') ?? undefined;
      video = url.searchParams.get('id') ?? undefined;
    }
    if (!owner || !video || !/^-?\d{1,20}$/.test(owner) || !/^\d{1,20}$/.test(video)) return 'video';
    const hash = url.searchParams.get('hash');
    const hashPart = hash && /^[0-9a-f]{1,40}$/i.test(hash) ? `&hash=${hash}` : '';
    return { provider: 'vk', embedUrl: `https://vk.com/video_ext.php?oid=${owner}&id=${video}${hashPart}` };
  }
  if (host === 'rutube.ru') {
    const id = /^\/(?:video|play\/embed|shorts)\/([0-9a-f]{32})\/?$/i.exec(path)?.[1];
    if (!id) return 'video';
    return { provider: 'rutube', embedUrl: `https://rutube.ru/play/embed/${id.toLowerCase()}` };
  }
  return 'host';
}

/**
 * The letter-bar key of a title: its first letter or digit, past quotes, brackets and other signs,
 * upper-cased (Ё as Е); «#» for a digit and for anything the bar has no letter for (kana, a title of
 * signs only), so every AMV is under some key.
 */
export function amvLetterOf(title: string): string {
  const first = (/[\p{L}\p{N}]/u.exec(title)?.[0] ?? '').toUpperCase().replace('Ё', 'Е');
  return AMV_LETTERS.includes(first) && first !== '' ? first : AMV_DIGITS_LETTER;
}

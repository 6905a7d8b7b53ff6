import { extname } from 'node:path';

export interface MediaFileType {
  contentType: string;
  cacheControl: string;
}

/** Playlists and subtitles may be rewritten in place: revalidated on every use (ETag). */
const REVALIDATED = 'public, no-cache';
/** Segments live under a folder named by the encoding (`<source id>-a<attempt>`, a sample build), so a URL never changes meaning. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Type and caching by extension: what `putFolder` stores and what the gateway answers for `/media/`. */
export const MEDIA_FILE_TYPES: Readonly<Record<string, MediaFileType>> = {
  '.m3u8': { contentType: 'application/vnd.apple.mpegurl', cacheControl: REVALIDATED },
  '.ts': { contentType: 'video/mp2t', cacheControl: IMMUTABLE },
  '.m4s': { contentType: 'video/iso.segment', cacheControl: IMMUTABLE },
  '.mp4': { contentType: 'video/mp4', cacheControl: IMMUTABLE },
  // Uploaded AMVs (docs/media.md, «AMV»): named by a fresh id, so they never change either.
  '.webm': { contentType: 'video/webm', cacheControl: IMMUTABLE },
  '.vtt': { contentType: 'text/vtt; charset=utf-8', cacheControl: REVALIDATED },
  // Seek thumbnails and posters of a rendition (beside its segments).
  '.jpg': { contentType: 'image/jpeg', cacheControl: IMMUTABLE },
  '.jpeg': { contentType: 'image/jpeg', cacheControl: IMMUTABLE },
  '.json': { contentType: 'application/json; charset=utf-8', cacheControl: REVALIDATED },
};

const UNKNOWN: MediaFileType = { contentType: 'application/octet-stream', cacheControl: 'no-cache' };

/** The type and caching of a key or file name by its extension; `application/octet-stream` for any other. */
export function mediaFileType(keyOrName: string): MediaFileType {
  const extension = extname(keyOrName).toLowerCase();
  return Object.hasOwn(MEDIA_FILE_TYPES, extension) ? MEDIA_FILE_TYPES[extension] : UNKNOWN;
}

import { AMV_MEDIA_FOLDER, MEDIA_URL_PREFIX, normalizeAmvEmbed, type AmvItem, type AmvVideo, type TitleRef } from '@portal/contracts';
import { linkedTitles } from '../anime-refs/linked-titles';
import type { AmvRow } from './amv.repository';

/** One spelling for stored text and typed queries: lower case, ё as е, punctuation as spaces. */
export const normalizeSearch = (value: string) =>
  value
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

export const uploadUrl = (uploadId: string) => `${MEDIA_URL_PREFIX}${AMV_MEDIA_FOLDER}/uploads/${uploadId}`;

function videoOf(row: AmvRow): AmvVideo {
  if (row.upload_id) {
    return {
      kind: 'file',
      src: uploadUrl(row.upload_id),
      mimeType: row.upload_id.endsWith('.webm') ? 'video/webm' : 'video/mp4',
      hls: row.hls_path ? `${MEDIA_URL_PREFIX}${row.hls_path}` : null,
    };
  }
  const embed = normalizeAmvEmbed(row.embed_url ?? '');
  // Stored URLs were normalised on write; one that no longer parses is shown as no provider's.
  return typeof embed === 'object' ? { kind: 'embed', ...embed } : { kind: 'embed', provider: 'youtube', embedUrl: '' };
}

/** A row as the API answers it, with the linked titles the catalogue knows (in the row's order). */
export function toAmvItem(row: AmvRow, liked: Set<string>, titles: Map<number, TitleRef>): AmvItem {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    animeIds: row.anime_ids,
    anime: linkedTitles(row.anime_ids, titles),
    musicArtist: row.music_artist,
    musicTrack: row.music_track,
    durationSeconds: row.duration_seconds,
    tags: row.tags,
    views: Number(row.views),
    likes: Number(row.likes),
    likedByMe: liked.has(row.id),
    video: videoOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

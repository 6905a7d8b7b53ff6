import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseThumbnailsVtt, type SeekThumbnails } from '../lib/seek-thumbnails';

/**
 * An episode's seek thumbnails: its WebVTT track (a static file under /media/, not an API address,
 * so a plain fetch), parsed, its sprites' URLs made absolute against the track's.
 */
export async function fetchSeekThumbnails(url: string, signal?: AbortSignal): Promise<SeekThumbnails> {
  const response = await fetch(url, { signal, credentials: 'same-origin', headers: { Accept: 'text/vtt' } });
  if (!response.ok) throw new Error(`seek thumbnails: HTTP ${response.status}`);
  return parseThumbnailsVtt(await response.text(), new URL(url, document.baseURI).href);
}

export const seekThumbnailsKeys = { track: (url: string) => ['player', 'seek-thumbnails', url] as const };

/** Read once per track: its URL names one rendition, which never changes. A failure is not retried. */
export const seekThumbnailsQuery = (url: string) =>
  queryOptions({
    queryKey: seekThumbnailsKeys.track(url),
    queryFn: ({ signal }) => fetchSeekThumbnails(url, signal),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The thumbnails of `url` (an episode's `source.thumbnails`) once loaded; null without a track, while
 * it loads, when it failed or had no cues: the scrubber then shows no preview, and the viewer no error.
 */
export function useSeekThumbnails(url: string | null): SeekThumbnails | null {
  const track = useQuery({ ...seekThumbnailsQuery(url ?? ''), enabled: url !== null });
  return url !== null && track.data && track.data.length > 0 ? track.data : null;
}

import type { RefObject } from 'react';
import type { HlsLoader } from '../../../shared/video/use-hls-source';

/**
 * How the room attaches a stream to its <video>: the shared `useHlsSource` (shared/video) in the app,
 * a fake in stories and tests. Only this slice of it is used. `loadHls` is the room's engine (hls.js'
 * full build, hooks/usePartyTracks): the host's voice-over and subtitles are set on it.
 */
export type VideoSourceHook = (
  videoRef: RefObject<HTMLVideoElement | null>,
  url: string | null,
  options?: { startPosition?: number; loadHls?: HlsLoader },
) => { error: { kind: string } | null; retry(): void };

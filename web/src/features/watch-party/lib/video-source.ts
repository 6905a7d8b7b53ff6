import type { RefObject } from 'react';

/**
 * How the room attaches a stream to its <video>: the shared `useHlsSource` (shared/video) in the app,
 * a fake in stories and tests. Only this slice of it is used.
 */
export type VideoSourceHook = (
  videoRef: RefObject<HTMLVideoElement | null>,
  url: string | null,
  options?: { startPosition?: number },
) => { error: { kind: string } | null; retry(): void };

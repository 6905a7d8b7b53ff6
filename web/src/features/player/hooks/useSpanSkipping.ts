import type { Episode } from '@portal/contracts';
import { useCallback, useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { skipOfferAt, type SkipPreferences, type SpanKind } from '../lib/episode-spans';

/**
 * Skipping of an episode's opening and ending: `skip` jumps past a span (once per span), and with the
 * viewer's "skip openings/endings" setting the jump happens by itself as soon as playback enters the
 * span, reported through `onAutoSkip`.
 */
export function useSpanSkipping(
  videoRef: RefObject<HTMLVideoElement | null>,
  episode: Episode,
  preferences: SkipPreferences,
  onAutoSkip: (kind: SpanKind) => void,
) {
  const [skipped, setSkipped] = useState<ReadonlySet<SpanKind>>(() => new Set());

  const skip = useCallback(
    (kind: SpanKind, to: number) => {
      const video = videoRef.current;
      if (!video) return;
      video.currentTime = to;
      setSkipped((previous) => new Set(previous).add(kind));
    },
    [videoRef],
  );

  const autoSkip = useEffectEvent(() => {
    const video = videoRef.current;
    if (!video) return;
    const offer = skipOfferAt(video.currentTime, episode, preferences, skipped);
    if (!offer?.automatic) return;
    skip(offer.kind, offer.to);
    onAutoSkip(offer.kind);
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const listener = () => autoSkip();
    video.addEventListener('timeupdate', listener);
    return () => video.removeEventListener('timeupdate', listener);
  }, [videoRef]);

  return { skipped, skip };
}

/** A notice that goes away by itself after `durationMs`. */
export function useTransientNotice<T>(initial: T | null, durationMs: number) {
  const [notice, setNotice] = useState<T | null>(initial);
  useEffect(() => {
    if (notice === null) return undefined;
    const timer = setTimeout(() => setNotice(null), durationMs);
    return () => clearTimeout(timer);
  }, [notice, durationMs]);
  return [notice, setNotice] as const;
}

/** Play when paused or ended, else pause. */
export function togglePlayback(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.paused || video.ended) void video.play().catch(() => undefined);
  else video.pause();
}

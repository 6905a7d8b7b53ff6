import type { Episode, EpisodeSpan } from '@portal/contracts';

export type SpanKind = 'opening' | 'ending';

export interface SkipPreferences {
  skipOpening: boolean;
  skipEnding: boolean;
}

/** Inside [start, end): the button disappears exactly where the skip would land. */
export const isInside = (time: number, span: EpisodeSpan | null): span is EpisodeSpan =>
  span !== null && span.end > span.start && time >= span.start && time < span.end;

export interface SkipOffer {
  kind: SpanKind;
  /** Where a skip lands. */
  to: number;
  /** True when the viewer's settings ask for it to happen without a click. */
  automatic: boolean;
}

/**
 * What to offer at `time`: nothing, a "Пропустить опенинг/эндинг" button, or an automatic skip.
 * A span already skipped once (or left by seeking back into it) is only offered as a button again:
 * a viewer who rewinds into the opening wants to watch it.
 */
export function skipOfferAt(
  time: number,
  episode: Pick<Episode, 'opening' | 'ending'>,
  preferences: SkipPreferences,
  alreadySkipped: ReadonlySet<SpanKind> = new Set(),
): SkipOffer | null {
  if (isInside(time, episode.opening)) {
    return { kind: 'opening', to: episode.opening.end, automatic: preferences.skipOpening && !alreadySkipped.has('opening') };
  }
  if (isInside(time, episode.ending)) {
    return { kind: 'ending', to: episode.ending.end, automatic: preferences.skipEnding && !alreadySkipped.has('ending') };
  }
  return null;
}

/** Seconds before the end without an ending span where the episode already counts as watched. */
export const WATCHED_TAIL_SECONDS = 10;

/**
 * An episode counts as watched once its ending starts, or, without an ending span, in its last
 * seconds (credits are rarely marked on self-hosted files). `ended` always counts.
 */
export function isWatchedAt(time: number, duration: number | null, ending: EpisodeSpan | null): boolean {
  if (ending && ending.end > ending.start && time >= ending.start) return true;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return false;
  return time >= Math.max(0, duration - WATCHED_TAIL_SECONDS);
}

/** The autoplay prompt shows from the ending (or the last 20 s) when there is a next episode. */
export const NEXT_PROMPT_TAIL_SECONDS = 20;

export function isNearEnd(time: number, duration: number | null, ending: EpisodeSpan | null): boolean {
  if (ending && ending.end > ending.start && time >= ending.start) return true;
  if (!duration || !Number.isFinite(duration) || duration <= 0) return false;
  return time >= Math.max(0, duration - NEXT_PROMPT_TAIL_SECONDS);
}

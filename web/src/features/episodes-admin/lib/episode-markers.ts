import type { ManagedEpisode } from '@portal/contracts';
import { formatTime } from '../../../shared/lib/format-time';
import { EPISODES_ADMIN_STRINGS } from '../strings';

const S = EPISODES_ADMIN_STRINGS.markers;

/** An opening or an ending: seconds from the episode's start. */
export type MarkerSpan = NonNullable<ManagedEpisode['opening']>;
/** What PUT …/markers takes (null: the episode has none). */
export interface EpisodeMarkers {
  opening: MarkerSpan | null;
  ending: MarkerSpan | null;
}
export type MarkerKind = keyof EpisodeMarkers;
export const MARKER_KINDS: readonly MarkerKind[] = ['opening', 'ending'];

/** The longest time the server takes (a day, as its schema). */
export const MAX_TIMECODE_SECONDS = 86_400;

const SECONDS_ONLY = /^\d{1,5}$/;
const MINUTES_SECONDS = /^(\d{1,4}):([0-5]\d)$/;
const HOURS_MINUTES_SECONDS = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;

/**
 * A time typed by a person, in whole seconds: «95», «1:35», «01:35», «1:02:03». Null for anything
 * else (seconds and minutes past 59 after a colon, a fraction, more than a day, an empty text).
 */
export function parseTimecode(text: string): number | null {
  const trimmed = text.trim();
  const minutes = MINUTES_SECONDS.exec(trimmed);
  const hours = HOURS_MINUTES_SECONDS.exec(trimmed);
  let seconds: number;
  if (SECONDS_ONLY.test(trimmed)) seconds = Number(trimmed);
  else if (minutes) seconds = Number(minutes[1]) * 60 + Number(minutes[2]);
  else if (hours) seconds = Number(hours[1]) * 3600 + Number(hours[2]) * 60 + Number(hours[3]);
  else return null;
  return seconds <= MAX_TIMECODE_SECONDS ? seconds : null;
}

/** «0:05», «23:40», «1:02:03»: whole seconds (a fraction is dropped). */
export const formatTimecode = (seconds: number): string => formatTime(seconds);

/** «0:05–1:35». */
export const formatSpan = (span: MarkerSpan): string => `${formatTimecode(span.start)}–${formatTimecode(span.end)}`;

/** «Опенинг 0:05–1:35 · Эндинг 22:10–23:40», «нет» for a missing one. */
export const markersSummary = (episode: EpisodeMarkers): string =>
  MARKER_KINDS.map((kind) => `${S.names[kind]} ${episode[kind] ? formatSpan(episode[kind]) : S.none}`).join(' · ');

/** One span in the editor: its two texts, or «Нет опенинга» ticked. */
export interface SpanDraft {
  none: boolean;
  start: string;
  end: string;
}
export type MarkersDraft = Record<MarkerKind, SpanDraft>;
export type SpanErrors = Partial<Record<'start' | 'end', string>>;
export type MarkersErrors = Record<MarkerKind, SpanErrors>;

type EpisodeForMarkers = Pick<ManagedEpisode, 'durationSeconds' | 'opening' | 'ending' | 'markersOrigin'>;

/**
 * The editor's first texts: the episode's spans. A missing span is ticked «нет» only when a person
 * said so (`manual`); one not found yet starts empty, to be typed in.
 */
export function draftOf(episode: EpisodeForMarkers): MarkersDraft {
  const spanDraft = (span: MarkerSpan | null): SpanDraft =>
    span ? { none: false, start: formatTimecode(span.start), end: formatTimecode(span.end) } : { none: episode.markersOrigin === 'manual', start: '', end: '' };
  return { opening: spanDraft(episode.opening), ending: spanDraft(episode.ending) };
}

/** A field's seconds: its original value while its text is untouched (detection's fractions survive), else the typed time. */
function secondsOf(text: string, original: number | undefined): number | string {
  if (original !== undefined && text.trim() === formatTimecode(original)) return original;
  if (!text.trim()) return S.timeRequired;
  return parseTimecode(text) ?? S.badTime;
}

/**
 * The editor's texts as the request, or what is wrong with them, field by field: a time that cannot
 * be read, a start not before its end, an end after the episode's (when its duration is known).
 */
export function readMarkers(draft: MarkersDraft, episode: EpisodeForMarkers): { markers: EpisodeMarkers | null; errors: MarkersErrors } {
  const errors: MarkersErrors = { opening: {}, ending: {} };
  const markers: EpisodeMarkers = { opening: null, ending: null };
  for (const kind of MARKER_KINDS) {
    const { none, start: startText, end: endText } = draft[kind];
    if (none) continue;
    const original = episode[kind] ?? undefined;
    const start = secondsOf(startText, original?.start);
    const end = secondsOf(endText, original?.end);
    if (typeof start === 'string') errors[kind].start = start;
    if (typeof end === 'string') errors[kind].end = end;
    if (typeof start === 'string' || typeof end === 'string') continue;
    if (start >= end) errors[kind].end = S.badSpan;
    else if (episode.durationSeconds !== null && end > episode.durationSeconds) errors[kind].end = S.spanPastEnd;
    else markers[kind] = { start, end };
  }
  const valid = MARKER_KINDS.every((kind) => !errors[kind].start && !errors[kind].end);
  return { markers: valid ? markers : null, errors };
}

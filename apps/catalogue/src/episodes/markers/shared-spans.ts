import type { EpisodeSpan } from '@portal/contracts';
import { type AudioFingerprint, type EpisodeFingerprint, POINT_SPAN_SECONDS, SECONDS_PER_POINT } from './audio-fingerprint';

/** How two fingerprints are matched (docs/media.md, «Openings and endings found by ear»). */
export const MATCHING = {
  /** Points averaged into one comparison: 1 s. */
  windowPoints: 8,
  /** A window matches when its points differ in at most this many of their 32 bits on average (unrelated sound: about 14–16). */
  maxMeanBitErrors: 10,
  /**
   * A run's edges are its first and last points this close (within its end windows; else ones within
   * maxMeanBitErrors): a point that reads the shared sound and what comes before it or after matches
   * less well.
   */
  maxEdgeBitErrors: 6,
  /** A shared run goes on across at most this long without a matching window. */
  maxGapSeconds: 3,
  /** At least this share of a run's windows match. */
  minDensity: 0.5,
  /** A shared run shorter than this is not an opening or ending; one longer is something else (a recap, the same file twice). */
  minSeconds: 15,
  maxSeconds: 150,
  /** Each episode is compared with at most this many others on either side (by number): a long series changes its opening anyway. */
  neighbours: 6,
} as const;

/** The first, cheap pass over every shift (candidateShifts). */
export const COARSE = { stride: 4, maxMeanBitErrors: 11, minWindows: 6 } as const;

/** The same sound found in two fingerprints: where it is in each (seconds in its episode). */
export interface SharedRun {
  a: EpisodeSpan;
  b: EpisodeSpan;
  seconds: number;
  /** Points b − points a. */
  shift: number;
}

/**
 * Bits set in a 32-bit value (SWAR: faster here than a table, which misses the cache). No global
 * (Math.imul) in it: a global read in the hot loop is slow where globals are intercepted (jest's vm).
 */
const popcount = (value: number): number => {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  x += x >>> 8;
  x += x >>> 16;
  return x & 0x3f;
};
const bitErrors = (x: number, y: number): number => popcount(x ^ y);
/** What a silent point counts as: unrelated. */
const UNRELATED = 16;

/**
 * How far point i of `a` is from `b` at `shift`: the closer of the points of `b` there and next (a
 * shift rarely falls on whole points).
 */
function errorsAt(a: AudioFingerprint, b: AudioFingerprint, i: number, shift: number): number {
  const j = i + shift;
  if (a.silent[i] || b.silent[j]) return UNRELATED;
  const here = bitErrors(a.points[i], b.points[j]);
  if (j + 1 >= b.points.length || b.silent[j + 1]) return here;
  const next = bitErrors(a.points[i], b.points[j + 1]);
  return next < here ? next : here;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Shifts worth a full look (pure): every 4th point along every shift, in windows of 4 such points
 * (2 s) against a looser bound; a shift with a few such windows, and its neighbours. A quarter of the
 * work of looking at every point, and a shared run of 15 s has some 25 such windows.
 */
export function candidateShifts(a: AudioFingerprint, b: AudioFingerprint): number[] {
  const { stride, maxMeanBitErrors, minWindows } = COARSE;
  const maxSum = maxMeanBitErrors * 4;
  const minPoints = Math.floor((MATCHING.minSeconds - POINT_SPAN_SECONDS) / SECONDS_PER_POINT);
  const shifts = new Set<number>();
  const { points: pa, silent: sa } = a;
  const { points: pb, silent: sb } = b;
  for (let shift = -(a.points.length - 1); shift < b.points.length; shift++) {
    const from = Math.max(0, -shift);
    const to = Math.min(a.points.length, b.points.length - shift);
    if (to - from < minPoints) continue;
    // The last four errors (COARSE.window), newest first.
    let e0 = 0;
    let e1 = 0;
    let e2 = 0;
    let seen = 0;
    let matching = 0;
    for (let i = from; i < to; i += stride) {
      // This loop is most of the matching's time: one point of b, not the closer of two as errorsAt.
      const j = i + shift;
      const errors = sa[i] === 0 && sb[j] === 0 ? popcount(pa[i] ^ pb[j]) : UNRELATED;
      if (++seen >= 4 && errors + e0 + e1 + e2 <= maxSum) matching++;
      e2 = e1;
      e1 = e0;
      e0 = errors;
    }
    if (matching >= minWindows) for (const near of [shift - 1, shift, shift + 1]) shifts.add(near);
  }
  return [...shifts].sort((x, y) => x - y);
}

/** The longest run along one shift: its first and last points (of a). */
function runAlong(a: AudioFingerprint, b: AudioFingerprint, shift: number): { first: number; last: number } | null {
  const window = MATCHING.windowPoints;
  const maxSum = MATCHING.maxMeanBitErrors * window;
  const maxGap = Math.round(MATCHING.maxGapSeconds / SECONDS_PER_POINT);
  const minPoints = Math.floor((MATCHING.minSeconds - POINT_SPAN_SECONDS) / SECONDS_PER_POINT);
  const maxPoints = Math.ceil(MATCHING.maxSeconds / SECONDS_PER_POINT);
  const from = Math.max(0, -shift);
  const to = Math.min(a.points.length, b.points.length - shift);
  if (to - from < minPoints) return null;
  const recent = new Uint8Array(window);
  let best: { first: number; last: number } | null = null;
  // The run under way: its first and last matching windows (by their first point), and how many matched.
  let first = -1;
  let last = -1;
  let windows = 0;
  const close = () => {
    const length = last + window - first;
    if (first < 0 || length < minPoints || length > maxPoints || windows < MATCHING.minDensity * (last - first + 1)) return;
    if (!best || length > best.last - best.first + 1) best = { first, last: last + window - 1 };
  };
  let sum = 0;
  for (let i = from; i < to; i++) {
    const errors = errorsAt(a, b, i, shift);
    sum += errors - (i - from >= window ? recent[i % window] : 0);
    recent[i % window] = errors;
    const start = i - window + 1;
    if (start < from || sum > maxSum) continue;
    if (first >= 0 && start - last > maxGap) {
      close();
      first = -1;
    }
    if (first < 0) {
      first = start;
      windows = 0;
    }
    last = start;
    windows++;
  }
  close();
  return best;
}

/**
 * The longest run of sound `a` and `b` share, over the shifts of one against the other, or null when
 * none lasts MATCHING.minSeconds (pure). Along a shift, windows of MATCHING.windowPoints points match
 * when their mean bit errors are low; a run is a chain of matching windows with gaps of at most
 * MATCHING.maxGapSeconds, its edges the first and last close points in its end windows.
 */
export function longestSharedRun(a: AudioFingerprint, b: AudioFingerprint): SharedRun | null {
  let best: { first: number; last: number; shift: number } | null = null;
  for (const shift of candidateShifts(a, b)) {
    const run = runAlong(a, b, shift);
    if (run && (!best || run.last - run.first > best.last - best.first)) best = { ...run, shift };
  }
  if (!best) return null;
  const { shift } = best;
  let { first, last } = best;
  first = edgeOf(a, b, shift, first, 1);
  last = edgeOf(a, b, shift, last, -1);
  // Point i of a lies at i + shift of b, or between there and the next point: the share of the run's
  // points closer to the next one says where (the part of a point the match is off is under 0.125 s).
  let nearer = 0;
  let counted = 0;
  for (let i = first; i <= last; i++) {
    const j = i + shift;
    if (j + 1 >= b.points.length || a.silent[i]) continue;
    const here = bitErrors(a.points[i], b.points[j]);
    const next = bitErrors(a.points[i], b.points[j + 1]);
    if (Math.min(here, next) > MATCHING.maxEdgeBitErrors) continue;
    counted++;
    if (next < here) nearer++;
    else if (next === here) nearer += 0.5;
  }
  const fraction = counted > 0 ? nearer / counted : 0;
  const inA = spanOf(a, first, last, last);
  const inB = spanOf(b, first + shift + fraction, last + shift + fraction, last + shift + 1);
  return { a: inA, b: inB, seconds: round3(inA.end - inA.start), shift: shift + fraction };
}

/** The first close point from `from` on in `direction` within a window: very close, else close, else `from`. */
function edgeOf(a: AudioFingerprint, b: AudioFingerprint, shift: number, from: number, direction: 1 | -1): number {
  for (const bound of [MATCHING.maxEdgeBitErrors, MATCHING.maxMeanBitErrors])
    for (let k = 0; k < MATCHING.windowPoints; k++) if (errorsAt(a, b, from + k * direction, shift) <= bound) return from + k * direction;
  return from;
}

/**
 * Seconds in the episode of a run from point `from` to point `to` (fractional on the shifted side);
 * a point reads POINT_SPAN_SECONDS from its time. A run that reaches the end of what was fingerprinted
 * ends there (the last point does not read the last samples).
 */
function spanOf(fingerprint: AudioFingerprint, from: number, to: number, lastPoint: number): EpisodeSpan {
  const start = from * SECONDS_PER_POINT;
  const end = lastPoint >= fingerprint.points.length - 1 ? fingerprint.seconds : to * SECONDS_PER_POINT + POINT_SPAN_SECONDS;
  return { start: round3(fingerprint.startSeconds + start), end: round3(fingerprint.startSeconds + end) };
}

export interface EpisodeMarkers {
  number: number;
  opening: EpisodeSpan | null;
  ending: EpisodeSpan | null;
}

/**
 * For each episode, the opening its head shares and the ending its tail shares with other episodes,
 * null where it shares none (pure). Its longest run against any episode compared with it decides;
 * the runs against the others that agree with it (overlap at least half of the shorter) refine the
 * edges to their median.
 */
export function findSharedSpans(episodes: Array<{ number: number; fingerprint: EpisodeFingerprint }>): EpisodeMarkers[] {
  const steps = sharedSpansSteps(episodes);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** findSharedSpans one pair of episodes at a time: a caller on an event loop lets it breathe between them. */
export function* sharedSpansSteps(episodes: Array<{ number: number; fingerprint: EpisodeFingerprint }>): Generator<void, EpisodeMarkers[]> {
  const sorted = [...episodes].sort((x, y) => x.number - y.number);
  const openings = sorted.map((): EpisodeSpan[] => []);
  const endings = sorted.map((): EpisodeSpan[] => []);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && j - i <= MATCHING.neighbours; j++) {
      const x = sorted[i].fingerprint;
      const y = sorted[j].fingerprint;
      const opening = longestSharedRun(x.head, y.head);
      if (opening) {
        openings[i].push(opening.a);
        openings[j].push(opening.b);
      }
      const ending = longestSharedRun(x.tail, y.tail);
      if (ending) {
        endings[i].push(ending.a);
        endings[j].push(ending.b);
      }
      yield;
    }
  }
  return sorted.map(({ number, fingerprint }, index) => ({
    number,
    opening: agreedSpan(openings[index], fingerprint.durationSeconds),
    ending: agreedSpan(endings[index], fingerprint.durationSeconds),
  }));
}

const lengthOf = (span: EpisodeSpan) => span.end - span.start;

/** The longest span, its edges moved to the medians of the spans that agree with it; within the episode. */
export function agreedSpan(spans: EpisodeSpan[], durationSeconds: number): EpisodeSpan | null {
  if (spans.length === 0) return null;
  const longest = spans.reduce((x, y) => (lengthOf(y) > lengthOf(x) ? y : x));
  const agreeing = spans.filter(
    (span) => Math.min(span.end, longest.end) - Math.max(span.start, longest.start) >= 0.5 * Math.min(lengthOf(span), lengthOf(longest)),
  );
  const start = Math.max(0, median(agreeing.map((span) => span.start)));
  const end = Math.min(durationSeconds, median(agreeing.map((span) => span.end)));
  return end > start ? { start: round3(start), end: round3(end) } : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

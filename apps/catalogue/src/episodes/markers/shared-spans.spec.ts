import { type AudioFingerprint, type EpisodeFingerprint, POINT_SPAN_SECONDS, SECONDS_PER_POINT } from './audio-fingerprint';
import { agreedSpan, candidateShifts, findSharedSpans, longestSharedRun, MATCHING } from './shared-spans';

/** A deterministic stream of 32-bit values (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const pointsOf = (seconds: number) => Math.round(seconds / SECONDS_PER_POINT);

/** Unrelated sound: random points. */
function fingerprint(seconds: number, seed: number, startSeconds = 0): AudioFingerprint {
  const next = random(seed);
  const points = new Uint32Array(pointsOf(seconds)).map(() => next());
  return { startSeconds, seconds: (points.length - 1) * SECONDS_PER_POINT + POINT_SPAN_SECONDS, points, silent: new Uint8Array(points.length) };
}

/** The same tune heard again: each point with `flips` of its bits changed. */
function heardAgain(tune: Uint32Array, flips: number, seed: number): Uint32Array {
  const next = random(seed);
  return tune.map((point) => {
    let changed = point;
    const bits = new Set<number>();
    while (bits.size < flips) bits.add(next() % 32);
    for (const bit of bits) changed ^= 1 << bit;
    return changed >>> 0;
  });
}

/** Puts `tune` into `into` at `seconds`. */
function plant(into: AudioFingerprint, tune: Uint32Array, seconds: number): AudioFingerprint {
  into.points.set(tune, pointsOf(seconds));
  return into;
}

const tuneOf = (seconds: number, seed: number) => fingerprint(seconds, seed).points;

describe('longestSharedRun', () => {
  it('finds a tune two fingerprints share at its shift, edges within half a second', () => {
    const tune = tuneOf(22, 100);
    const a = plant(fingerprint(120, 1), heardAgain(tune, 3, 11), 30);
    const b = plant(fingerprint(120, 2), heardAgain(tune, 3, 12), 5);

    const run = longestSharedRun(a, b);

    expect(run).not.toBeNull();
    expect(run!.shift).toBeCloseTo(pointsOf(5) - pointsOf(30), 0);
    const expected = { a: [30, 52], b: [5, 27] };
    for (const side of ['a', 'b'] as const) {
      expect(Math.abs(run![side].start - pointsOf(expected[side][0]) * SECONDS_PER_POINT)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(run![side].end - pointsOf(expected[side][1]) * SECONDS_PER_POINT)).toBeLessThanOrEqual(0.5);
    }
    expect(candidateShifts(a, b)).toContain(pointsOf(5) - pointsOf(30));
  });

  it('starts a run at 0 when the tune opens what was fingerprinted, and ends it at the end when it closes it', () => {
    const tune = tuneOf(20, 101);
    const a = plant(fingerprint(60, 3), heardAgain(tune, 2, 13), 0);
    const b = fingerprint(60, 4, 100);
    plant(b, heardAgain(tune, 2, 14), (b.points.length - tune.length) * SECONDS_PER_POINT);

    const run = longestSharedRun(a, b);

    expect(run?.a.start).toBe(0);
    expect(run?.b.end).toBeCloseTo(100 + b.seconds, 3);
  });

  it('finds nothing in unrelated sound', () => {
    expect(longestSharedRun(fingerprint(180, 5), fingerprint(180, 6))).toBeNull();
  });

  it('finds nothing shorter than 15 s, longer than 150 s, or too far apart', () => {
    const short = tuneOf(10, 102);
    expect(longestSharedRun(plant(fingerprint(90, 7), short, 20), plant(fingerprint(90, 8), short, 40))).toBeNull();

    const long = tuneOf(160, 103);
    expect(longestSharedRun(plant(fingerprint(200, 9), heardAgain(long, 2, 15), 10), plant(fingerprint(200, 10), heardAgain(long, 2, 16), 20))).toBeNull();

    // 12 of 32 bits changed in every point: as far as unrelated sound goes.
    const noisy = tuneOf(25, 104);
    expect(longestSharedRun(plant(fingerprint(90, 11), noisy, 20), plant(fingerprint(90, 12), heardAgain(noisy, 12, 17), 40))).toBeNull();
  });

  it('does not count silence as shared', () => {
    const a = fingerprint(90, 13);
    const b = fingerprint(90, 14);
    // 30 s of silence in both: the same (zero) points, flagged silent.
    for (const silent of [a, b]) {
      silent.points.fill(0, pointsOf(20), pointsOf(50));
      silent.silent.fill(1, pointsOf(20), pointsOf(50));
    }
    expect(longestSharedRun(a, b)).toBeNull();
  });
});

describe('findSharedSpans', () => {
  const episode = (number: number, seconds: number, head: AudioFingerprint, tail: AudioFingerprint): { number: number; fingerprint: EpisodeFingerprint } => ({
    number,
    fingerprint: { durationSeconds: seconds, head, tail },
  });

  it('gives each episode the opening and ending it shares with another, and null where it shares none', () => {
    const opening = tuneOf(22, 200);
    const ending = tuneOf(20, 201);
    // Heads of 6 min, tails of 4 min (a 24-minute episode), the opening at 0, 5 and 30 s, one without it.
    const tail = (seed: number, at: number | null) => {
      const fingerprinted = fingerprint(240, seed, 1200);
      return at === null ? fingerprinted : plant(fingerprinted, heardAgain(ending, 3, seed + 50), at - 1200);
    };
    const episodes = [
      episode(1, 1440, plant(fingerprint(360, 1), heardAgain(opening, 3, 21), 0), tail(31, 1400)),
      episode(2, 1440, plant(fingerprint(360, 2), heardAgain(opening, 4, 22), 5), tail(32, 1380)),
      episode(3, 1440, plant(fingerprint(360, 3), heardAgain(opening, 3, 23), 30), tail(33, 1390)),
      episode(4, 1440, fingerprint(360, 4), tail(34, null)),
    ];

    const found = findSharedSpans(episodes.reverse());

    expect(found.map((markers) => markers.number)).toEqual([1, 2, 3, 4]);
    const truth = [
      { opening: [0, 22], ending: [1400, 1420] },
      { opening: [5, 27], ending: [1380, 1400] },
      { opening: [30, 52], ending: [1390, 1410] },
    ];
    truth.forEach((expected, index) => {
      const { opening: detectedOpening, ending: detectedEnding } = found[index];
      expect(detectedOpening).not.toBeNull();
      expect(detectedEnding).not.toBeNull();
      expect(Math.abs(detectedOpening!.start - expected.opening[0])).toBeLessThanOrEqual(1);
      expect(Math.abs(detectedOpening!.end - expected.opening[1])).toBeLessThanOrEqual(1);
      expect(Math.abs(detectedEnding!.start - expected.ending[0])).toBeLessThanOrEqual(1);
      expect(Math.abs(detectedEnding!.end - expected.ending[1])).toBeLessThanOrEqual(1);
    });
    expect(found[3]).toEqual({ number: 4, opening: null, ending: null });
  });

  it('compares an episode only with its neighbours', () => {
    const opening = tuneOf(20, 300);
    const far = MATCHING.neighbours + 1;
    const episodes = Array.from({ length: far + 1 }, (_, index) => {
      const head = fingerprint(120, 400 + index);
      if (index === 0 || index === far) plant(head, heardAgain(opening, 2, 500 + index), 10);
      return episode(index + 1, 360, head, fingerprint(120, 600 + index, 240));
    });

    const found = findSharedSpans(episodes);

    expect(found.every((markers) => markers.opening === null)).toBe(true);
  });
});

describe('agreedSpan', () => {
  it('moves the longest span’s edges to the medians of those that agree with it, leaving out those that do not', () => {
    expect(
      agreedSpan(
        [
          { start: 10, end: 32 },
          { start: 10.4, end: 31.6 },
          { start: 9.8, end: 31.8 },
          { start: 100, end: 140 },
        ],
        1440,
      ),
    ).toEqual({ start: 100, end: 140 });
    expect(
      agreedSpan(
        [
          { start: 10, end: 32.5 },
          { start: 10.4, end: 31.6 },
          { start: 9.8, end: 31.8 },
          { start: 60, end: 75 },
        ],
        1440,
      ),
    ).toEqual({ start: 10, end: 31.8 });
  });

  it('keeps a span within the episode, and gives null for none', () => {
    expect(agreedSpan([{ start: 1410, end: 1441.2 }], 1440)).toEqual({ start: 1410, end: 1440 });
    expect(agreedSpan([], 1440)).toBeNull();
  });
});

import { FINGERPRINT, fingerprintPcm, fingerprintWindows, SECONDS_PER_POINT } from './audio-fingerprint';
import { longestSharedRun } from './shared-spans';

const RATE = FINGERPRINT.sampleRate;
// Math's functions as locals: a global read per sample is slow in jest's vm context.
const { exp, floor, max, min, PI, pow, round, sin } = Math;

/** A deterministic stream in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A melody: plucked notes of `noteSeconds` with two overtones, pitches drawn from `seed`. */
function tune(seconds: number, seed: number, noteSeconds = 0.25): Float64Array {
  const next = random(seed);
  const out = new Float64Array(round(seconds * RATE));
  let frequency = 0;
  for (let i = 0; i < out.length; i++) {
    const inNote = (i / RATE) % noteSeconds;
    if (i === 0 || inNote < 1 / RATE) frequency = 220 * pow(2, floor(next() * 24) / 12);
    const t = i / RATE;
    const decay = exp((-2 * inNote) / noteSeconds);
    out[i] = decay * (sin(2 * PI * frequency * t) + 0.5 * sin(4 * PI * frequency * t) + 0.3 * sin(6 * PI * frequency * t)) * 0.5;
  }
  return out;
}

/** Something else: noise whose loudness moves like speech, different for every seed. */
function chatter(seconds: number, seed: number): Float64Array {
  const next = random(seed);
  const rate = 2 + next() * 3;
  return new Float64Array(round(seconds * RATE)).map((_, i) => (next() * 2 - 1) * (0.2 + 0.2 * sin((2 * PI * rate * i) / RATE)));
}

/** Parts one after another (samples, or silence of so many samples), as 16-bit PCM. */
function pcm(...parts: Array<Float64Array | number>): Int16Array {
  const length = parts.reduce<number>((sum, part) => sum + (typeof part === 'number' ? part : part.length), 0);
  const out = new Int16Array(length);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'number') {
      at += part;
      continue;
    }
    for (let i = 0; i < part.length; i++) out[at + i] = max(-32768, min(32767, round(part[i] * 16000)));
    at += part.length;
  }
  return out;
}

const bits = (value: number) => {
  let count = 0;
  for (let x = value >>> 0; x; x >>>= 1) count += x & 1;
  return count;
};
/** Mean bit errors of points a[i] against b[i + shift], the closer of b's two there when `between`. */
function meanErrors(a: Uint32Array, b: Uint32Array, shift = 0, between = false): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < a.length && i + shift + 1 < b.length; i++) {
    const here = bits(a[i] ^ b[i + shift]);
    total += between ? Math.min(here, bits(a[i] ^ b[i + shift + 1])) : here;
    count++;
  }
  return total / count;
}

describe('fingerprintWindows', () => {
  it('takes the first third (at most 6 min) and the last third (at most 4 min)', () => {
    expect(fingerprintWindows(1440)).toEqual({ head: { start: 0, length: 360 }, tail: { start: 1200, length: 240 } });
    expect(fingerprintWindows(90)).toEqual({ head: { start: 0, length: 30 }, tail: { start: 60, length: 30 } });
  });
});

describe('fingerprintPcm', () => {
  const melody = tune(20, 1);

  it('makes one 32-bit point every 1378 samples, from the second 4096-sample frame on', () => {
    const print = fingerprintPcm(pcm(melody), 12.5);
    const frames = Math.floor((melody.length - FINGERPRINT.frameSize) / FINGERPRINT.hop) + 1;
    expect(print.points).toHaveLength(frames - 1);
    expect(print.silent).toHaveLength(frames - 1);
    expect(print.startSeconds).toBe(12.5);
    expect(print.seconds).toBeCloseTo(20, 3);
    expect(SECONDS_PER_POINT).toBeCloseTo(0.125, 3);
    expect(fingerprintPcm(new Int16Array(FINGERPRINT.frameSize)).points).toHaveLength(0);
  });

  it('is the same for the same sound, and the same within a few bits for it quieter, under faint noise, or off by half a point', () => {
    const print = fingerprintPcm(pcm(melody)).points;
    expect(fingerprintPcm(pcm(melody)).points).toEqual(print);

    const quieter = melody.map((sample) => sample * 0.3);
    expect(meanErrors(print, fingerprintPcm(pcm(quieter)).points)).toBeLessThan(2);

    const hiss = chatter(20, 2);
    const noisy = melody.map((sample, i) => sample + hiss[i] * 0.05);
    expect(meanErrors(print, fingerprintPcm(pcm(noisy)).points)).toBeLessThan(8);

    // 689 samples later: between two points of the original.
    const later = fingerprintPcm(pcm(FINGERPRINT.hop / 2, melody)).points;
    expect(meanErrors(print, later, 0, true)).toBeLessThan(8);
  });

  it('differs in about half the bits for other sound', () => {
    const print = fingerprintPcm(pcm(melody)).points;
    for (const other of [tune(20, 3), chatter(20, 4)]) {
      const errors = meanErrors(print, fingerprintPcm(pcm(other)).points);
      expect(errors).toBeGreaterThan(12);
      expect(errors).toBeLessThan(20);
    }
  });

  it('flags silence', () => {
    const print = fingerprintPcm(pcm(RATE * 5, melody.subarray(0, RATE * 5)));
    const silentPoints = Array.from(print.silent.subarray(0, Math.floor((5 * RATE - FINGERPRINT.frameSize - FINGERPRINT.hop) / FINGERPRINT.hop)));
    expect(silentPoints.length).toBeGreaterThan(30);
    expect(silentPoints.every((flag) => flag === 1)).toBe(true);
    expect(Array.from(print.silent.subarray(-8)).every((flag) => flag === 0)).toBe(true);
  });
});

describe('fingerprints matched (pure)', () => {
  const opening = tune(20, 10);

  it('finds a shared tune at its place in both, off the points’ grid, within half a second', () => {
    const a = fingerprintPcm(pcm(chatter(12.3, 11), opening, chatter(10, 12)));
    const offset = 3 + FINGERPRINT.hop / 2 / RATE;
    const b = fingerprintPcm(pcm(chatter(offset, 13), opening, chatter(12, 14)));

    const run = longestSharedRun(a, b);

    expect(run).not.toBeNull();
    expect(Math.abs(run!.a.start - 12.3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(run!.a.end - 32.3)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(run!.b.start - offset)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(run!.b.end - (offset + 20))).toBeLessThanOrEqual(0.5);
  });

  it('finds nothing when the tunes differ', () => {
    const a = fingerprintPcm(pcm(chatter(12.3, 15), opening, chatter(10, 16)));
    const b = fingerprintPcm(pcm(chatter(5, 17), tune(20, 18), chatter(12, 19)));
    expect(longestSharedRun(a, b)).toBeNull();
  });
});

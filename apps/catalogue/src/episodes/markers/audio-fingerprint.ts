import { spawn } from 'node:child_process';
import { setImmediate as breathe } from 'node:timers/promises';
import type { FfmpegTool } from '@portal/platform';

/**
 * A Chromaprint-like fingerprint of an episode's sound (docs/media.md, «Openings and endings found by
 * ear»): mono PCM at 11 025 Hz cut into 4096-sample frames every 1378 samples (≈ 0.125 s); each frame's
 * energy in 33 log-spaced bands between 300 and 3000 Hz; one 32-bit point per frame, bit m being the
 * sign of how the difference between bands m and m+1 changed from the previous frame (the
 * Haitsma–Kalker hash, on log energies so the volume does not matter). Two recordings of one tune give
 * points that differ in a few bits; unrelated sound differs in about half of them.
 */
export const FINGERPRINT = {
  sampleRate: 11025,
  frameSize: 4096,
  hop: 1378,
  bands: 33,
  lowHz: 300,
  highHz: 3000,
  /** A frame quieter than this in the bands (RMS, dB below full scale) is silence: its point matches nothing. */
  silenceDbfs: -60,
  /** The head: the first third of the episode, at most 6 minutes. */
  headMaxSeconds: 360,
  /** The tail: the last third, at most 4 minutes. */
  tailMaxSeconds: 240,
} as const;

// A local: a global read in a loop is slow where globals are intercepted (jest's vm context).
const { log } = Math;

/** Seconds between two points. */
export const SECONDS_PER_POINT = FINGERPRINT.hop / FINGERPRINT.sampleRate;
/** How much sound one point reads: two frames, one hop apart. */
export const POINT_SPAN_SECONDS = (FINGERPRINT.hop + FINGERPRINT.frameSize) / FINGERPRINT.sampleRate;

export interface AudioFingerprint {
  /** Where in the episode the fingerprinted part starts, seconds. */
  startSeconds: number;
  /** How much sound was fingerprinted, seconds. */
  seconds: number;
  /** Point n reads the sound from `startSeconds + n × SECONDS_PER_POINT` for POINT_SPAN_SECONDS (frames n and n + 1). */
  points: Uint32Array;
  /** 1 where either frame of point n is silence: it never matches. */
  silent: Uint8Array;
}

/** The head and tail of one episode. */
export interface EpisodeFingerprint {
  durationSeconds: number;
  head: AudioFingerprint;
  tail: AudioFingerprint;
}

/** The parts of an episode that are fingerprinted: its first and last thirds, at most 6 and 4 minutes. */
export function fingerprintWindows(durationSeconds: number): { head: { start: number; length: number }; tail: { start: number; length: number } } {
  const third = Math.max(0, durationSeconds) / 3;
  const headLength = Math.min(third, FINGERPRINT.headMaxSeconds);
  const tailLength = Math.min(third, FINGERPRINT.tailMaxSeconds);
  return { head: { start: 0, length: headLength }, tail: { start: Math.max(0, durationSeconds - tailLength), length: tailLength } };
}

/** An in-place radix-2 complex FFT of one size, its tables computed once. */
class Fft {
  private readonly reversed: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(private readonly size: number) {
    const bits = Math.log2(size);
    if (!Number.isInteger(bits)) throw new Error(`FFT size ${size} is not a power of two`);
    this.reversed = new Uint32Array(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      this.reversed[i] = r;
    }
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
  }

  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      const j = this.reversed[i];
      if (j > i) {
        const tr = re[i];
        re[i] = re[j];
        re[j] = tr;
        const ti = im[i];
        im[i] = im[j];
        im[j] = ti;
      }
    }
    for (let half = 1; half < n; half *= 2) {
      const step = n / (half * 2);
      for (let start = 0; start < n; start += half * 2) {
        for (let k = 0; k < half; k++) {
          const wr = this.cos[k * step];
          const wi = this.sin[k * step];
          const a = start + k;
          const b = a + half;
          const xr = re[b] * wr - im[b] * wi;
          const xi = re[b] * wi + im[b] * wr;
          re[b] = re[a] - xr;
          im[b] = im[a] - xi;
          re[a] += xr;
          im[a] += xi;
        }
      }
    }
  }
}

let shared: { fft: Fft; window: Float64Array; windowPower: number; bandEdges: Uint32Array } | undefined;

/** The FFT, the Hann window and the bands' FFT bins, made once. */
function tables() {
  if (shared) return shared;
  const { frameSize, sampleRate, bands, lowHz, highHz } = FINGERPRINT;
  const window = new Float64Array(frameSize);
  let windowPower = 0;
  for (let i = 0; i < frameSize; i++) {
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frameSize);
    windowPower += window[i] * window[i];
  }
  const bandEdges = new Uint32Array(bands + 1);
  for (let b = 0; b <= bands; b++) {
    const hz = lowHz * Math.pow(highHz / lowHz, b / bands);
    bandEdges[b] = Math.round((hz * frameSize) / sampleRate);
  }
  shared = { fft: new Fft(frameSize), window, windowPower, bandEdges };
  return shared;
}

/**
 * The fingerprint of mono 16-bit PCM at FINGERPRINT.sampleRate (pure: the part the tests drive).
 * `startSeconds` is where the samples start in the episode.
 */
export function fingerprintPcm(samples: Int16Array, startSeconds = 0): AudioFingerprint {
  const steps = fingerprintSteps(samples, startSeconds);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Frames whose spectra are taken between two yields of fingerprintSteps (some 30 s of sound). */
const FRAMES_PER_STEP = 256;

/** fingerprintPcm a few hundred frames at a time: a caller on an event loop lets it breathe between them. */
export function* fingerprintSteps(samples: Int16Array, startSeconds = 0): Generator<void, AudioFingerprint> {
  const { frameSize, hop, bands, silenceDbfs } = FINGERPRINT;
  const frames = samples.length >= frameSize ? Math.floor((samples.length - frameSize) / hop) + 1 : 0;
  const count = Math.max(0, frames - 1);
  const seconds = samples.length / FINGERPRINT.sampleRate;
  const points = new Uint32Array(count);
  const silent = new Uint8Array(count);
  if (count === 0) return { startSeconds, seconds, points, silent };

  const { fft, window, windowPower, bandEdges } = tables();
  const re = new Float64Array(frameSize);
  const im = new Float64Array(frameSize);
  // Mean square of a band-limited frame (samples scaled to ±1), by Parseval: 2·Σ|X|² / (N·Σw²); a
  // spectrum of two frames at once carries a factor 4 more (below).
  const powerScale = 2 / (frameSize * windowPower * 32768 * 32768) / 4;
  const silence = Math.pow(10, silenceDbfs / 10);
  // Each frame's log band energies, and whether it is silence.
  const energies = new Float64Array(frames * bands);
  const quiet = new Uint8Array(frames);

  for (let f = 0; f < frames; f += 2) {
    // Two real frames in one complex FFT: frame f as the real part, f + 1 as the imaginary one.
    const first = f * hop;
    const second = f + 1 < frames ? first + hop : -1;
    for (let i = 0; i < frameSize; i++) {
      re[i] = samples[first + i] * window[i];
      im[i] = second >= 0 ? samples[second + i] * window[i] : 0;
    }
    fft.transform(re, im);
    let totalFirst = 0;
    let totalSecond = 0;
    for (let b = 0; b < bands; b++) {
      let energyFirst = 0;
      let energySecond = 0;
      for (let k = bandEdges[b]; k < bandEdges[b + 1]; k++) {
        // Z[k] and Z[N − k] give X1[k] = (Z[k] + conj Z[N − k]) / 2 and X2[k] = (Z[k] − conj Z[N − k]) / 2i.
        const zr = re[k];
        const zi = im[k];
        const nr = re[frameSize - k];
        const ni = im[frameSize - k];
        energyFirst += (zr + nr) * (zr + nr) + (zi - ni) * (zi - ni);
        energySecond += (zi + ni) * (zi + ni) + (zr - nr) * (zr - nr);
      }
      energyFirst *= powerScale;
      energySecond *= powerScale;
      totalFirst += energyFirst;
      totalSecond += energySecond;
      energies[f * bands + b] = log(energyFirst + 1e-12);
      if (second >= 0) energies[(f + 1) * bands + b] = log(energySecond + 1e-12);
    }
    quiet[f] = totalFirst < silence ? 1 : 0;
    if (second >= 0) quiet[f + 1] = totalSecond < silence ? 1 : 0;
    if (f % FRAMES_PER_STEP === FRAMES_PER_STEP - 2) yield;
  }

  // Point n: bit b is set when the difference between bands b and b + 1 grew from frame n to n + 1.
  for (let n = 0; n < count; n++) {
    const before = n * bands;
    const after = before + bands;
    let point = 0;
    for (let b = 0; b < bands - 1; b++) {
      if (energies[after + b] - energies[after + b + 1] - (energies[before + b] - energies[before + b + 1]) > 0) point |= 1 << b;
    }
    points[n] = point >>> 0;
    silent[n] = quiet[n] | quiet[n + 1];
  }
  return { startSeconds, seconds, points, silent };
}

/** Why a decode gave nothing to fingerprint. */
export class AudioDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioDecodeError';
  }
}

/**
 * The first audio stream of `file` from `startSeconds` for `lengthSeconds`, as mono 16-bit PCM at
 * FINGERPRINT.sampleRate (ffmpeg seeks in the input, so a long file is not read up to there).
 */
export function decodeAudio(ffmpeg: FfmpegTool, file: string, startSeconds: number, lengthSeconds: number, signal?: AbortSignal): Promise<Int16Array> {
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...(startSeconds > 0 ? ['-ss', startSeconds.toFixed(3)] : []),
    ...['-i', file, '-t', lengthSeconds.toFixed(3)],
    ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(FINGERPRINT.sampleRate), '-f', 's16le', '-acodec', 'pcm_s16le', '-'],
  ];
  // A little more than asked for, in case of rounding: what goes past it is not kept.
  const limit = Math.ceil((lengthSeconds + 1) * FINGERPRINT.sampleRate) * 2;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { env: ffmpeg.env, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (size >= limit) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-1000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new AudioDecodeError(`ffmpeg exited with ${code}: ${errors.trim()}`));
      const bytes = Buffer.concat(chunks).subarray(0, Math.min(size, limit) & ~1);
      // Copied into a buffer of its own: the concatenation may sit at an odd offset of Node's pool.
      // s16le read as the machine's order: every platform Node's ffmpeg builds run on is little-endian.
      const pcm = new Int16Array(bytes.length / 2);
      Buffer.from(pcm.buffer).set(bytes);
      resolve(pcm);
    });
  });
}

/** The head and tail fingerprints of an episode file of `durationSeconds`. */
export async function fingerprintEpisode(ffmpeg: FfmpegTool, file: string, durationSeconds: number, signal?: AbortSignal): Promise<EpisodeFingerprint> {
  const { head, tail } = fingerprintWindows(durationSeconds);
  const headPcm = await decodeAudio(ffmpeg, file, head.start, head.length, signal);
  const tailPcm = await decodeAudio(ffmpeg, file, tail.start, tail.length, signal);
  if (headPcm.length < FINGERPRINT.frameSize * 2 || tailPcm.length < FINGERPRINT.frameSize * 2) throw new AudioDecodeError('too little sound to fingerprint');
  return {
    durationSeconds,
    head: await stepped(fingerprintSteps(headPcm, head.start), signal),
    tail: await stepped(fingerprintSteps(tailPcm, tail.start), signal),
  };
}

/** Runs a generator of steps to its end, letting the event loop breathe between steps. */
async function stepped<T>(steps: Generator<void, T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    signal?.throwIfAborted();
    await breathe();
  }
}

import { spawn } from 'node:child_process';
import type { FfmpegTool } from '@portal/platform';

/** How much of ffmpeg's error output a failure keeps: its last lines say why. */
export const ERROR_TAIL_CHARS = 2000;
const REPORT_EVERY_MS = 1000;
/** What ffmpeg 4.1's HLS muxer logs at error level on every run: no reason for anything, so not in a failure's tail. */
const NOISE = /^.*Cannot use rename on non file protocol.*(\r?\n|$)/gm;

/** One block of ffmpeg's `-progress` output (it ends with `progress=continue` or `progress=end`). */
export interface ProgressBlock {
  /** Media time written so far, seconds; null while ffmpeg has none (`N/A`). */
  outTimeSeconds: number | null;
  ended: boolean;
}

/**
 * Parses what arrived of the `-progress` stream: the complete blocks in it and the unparsed rest
 * (a block or line cut by the pipe), which is to be prepended to the next chunk.
 * `out_time_ms` is in microseconds too (a misnomer kept by ffmpeg); `out_time_us` came in 4.2.
 */
export function parseProgress(buffered: string): { blocks: ProgressBlock[]; rest: string } {
  const blocks: ProgressBlock[] = [];
  let outTimeSeconds: number | null = null;
  let consumed = 0;
  let lineStart = 0;
  for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n', lineStart)) {
    const line = buffered.slice(lineStart, newline).trim();
    lineStart = newline + 1;
    const equals = line.indexOf('=');
    if (equals === -1) continue;
    const key = line.slice(0, equals);
    const value = line.slice(equals + 1);
    if (key === 'out_time_us' || key === 'out_time_ms') {
      const micros = Number(value);
      if (value !== '' && Number.isFinite(micros)) outTimeSeconds = Math.max(0, micros / 1e6);
    } else if (key === 'progress') {
      blocks.push({ outTimeSeconds, ended: value === 'end' });
      outTimeSeconds = null;
      consumed = lineStart;
    }
  }
  return { blocks, rest: buffered.slice(consumed) };
}

/**
 * Per cent done of `durationSeconds` and the seconds left at the speed so far (media time written
 * per wall time elapsed); eta is null until there is a speed to go by. Below 100 until ffmpeg ends.
 */
export function progressOf(outTimeSeconds: number, durationSeconds: number, elapsedSeconds: number): { percent: number; etaSeconds: number | null } {
  const percent = durationSeconds > 0 ? Math.min(99.9, Math.max(0, (outTimeSeconds / durationSeconds) * 100)) : 0;
  if (outTimeSeconds <= 0 || elapsedSeconds <= 0) return { percent, etaSeconds: null };
  const speed = outTimeSeconds / elapsedSeconds;
  return { percent, etaSeconds: Math.max(0, Math.round((durationSeconds - outTimeSeconds) / speed)) };
}

/** ffmpeg ended with an error; `tail` is the end of what it wrote to stderr. */
export class FfmpegFailedError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly tail: string,
  ) {
    super(`ffmpeg exited with ${exitCode}: ${tail}`);
    this.name = 'FfmpegFailedError';
  }
}

/** ffmpeg was killed because the signal passed to runWithProgress was aborted. */
export class FfmpegAbortedError extends Error {
  constructor() {
    super('ffmpeg was stopped');
    this.name = 'FfmpegAbortedError';
  }
}

export interface ProgressOptions {
  /** The source's duration: what the media time written is a part of. */
  durationSeconds: number;
  /** Kills ffmpeg (SIGKILL: what it wrote is thrown away anyway). */
  signal?: AbortSignal;
  /** At most once a second while ffmpeg runs, and once with 100 when it succeeded. */
  onProgress: (percent: number, etaSeconds: number | null) => void;
}

/**
 * Runs ffmpeg (`args` must include `-progress pipe:1`) and reports its progress. Resolves when it
 * exits with 0; rejects with FfmpegFailedError, FfmpegAbortedError, or the error of spawning it.
 */
export function runWithProgress(tool: FfmpegTool, args: readonly string[], { durationSeconds, signal, onProgress }: ProgressOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FfmpegAbortedError());
    const started = Date.now();
    let lastReport = -Infinity;
    let buffered = '';
    let errors = '';
    const child = spawn(tool.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], { env: tool.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parsed = parseProgress(buffered + chunk);
      buffered = parsed.rest;
      const latest = parsed.blocks.filter((block) => !block.ended && block.outTimeSeconds !== null).at(-1);
      const now = Date.now();
      if (latest?.outTimeSeconds == null || now - lastReport < REPORT_EVERY_MS) return;
      lastReport = now;
      const { percent, etaSeconds } = progressOf(latest.outTimeSeconds, durationSeconds, (now - started) / 1000);
      onProgress(percent, etaSeconds);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-ERROR_TAIL_CHARS);
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', kill);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) return reject(new FfmpegAbortedError());
      if (code !== 0) return reject(new FfmpegFailedError(code, errors.replace(NOISE, '').trim()));
      onProgress(100, 0);
      resolve();
    });
  });
}

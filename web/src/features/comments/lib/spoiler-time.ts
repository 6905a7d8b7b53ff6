import { COMMENT_SPOILER_AT_MAX } from '@portal/contracts';

/**
 * Seconds of a spoiler's moment typed as "MM:SS" (minutes may exceed 59: "75:10") or "H:MM:SS";
 * a bare number is minutes. Empty input is 0 (the server's default). Null when it is not a time or
 * lies beyond COMMENT_SPOILER_AT_MAX.
 */
export function parseSpoilerTime(input: string): number | null {
  const value = input.trim();
  if (value === '') return 0;
  if (!/^\d{1,4}(:\d{1,2}){0,2}$/.test(value)) return null;
  const parts = value.split(':').map(Number);
  let seconds: number;
  if (parts.length === 1) seconds = parts[0]! * 60;
  else {
    const [a, b, c] = parts as [number, number, number | undefined];
    if (b > 59 || (c !== undefined && c > 59)) return null;
    // "MM:SS" or "H:MM:SS"
    seconds = c === undefined ? a * 60 + b : a * 3600 + b * 60 + c;
  }
  return seconds <= COMMENT_SPOILER_AT_MAX ? seconds : null;
}

/** An episode number typed in the form: a whole number ≥ 1 (and ≤ `max` when the count is known), else null. */
export function parseEpisode(input: string, max?: number | null): number | null {
  const value = input.trim();
  if (!/^\d{1,5}$/.test(value)) return null;
  const episode = Number(value);
  if (episode < 1) return null;
  if (max && episode > max) return null;
  return episode;
}

import { LIST_STATUSES, type ListStatus } from '@portal/contracts';
import { type ExportedEntry, type ListFileEntry, positiveId, scoreOf, wholeNumber } from './list-file';

interface ShikimoriRate {
  target_title?: unknown;
  target_title_ru?: unknown;
  target_id?: unknown;
  target_type?: unknown;
  score?: unknown;
  status?: unknown;
  rewatches?: unknown;
  episodes?: unknown;
  text?: unknown;
}

/** The line where each element of the top-level JSON array begins. */
export function arrayItemLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectingItem = false;
  for (const char of text) {
    if (char === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expectingItem && char !== ']') {
      lines.push(line);
      expectingItem = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) expectingItem = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expectingItem = true;
  }
  return lines;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Reads a Shikimori JSON export (an array of rates); null when it is not one. */
export function parseShikimori(content: string): ListFileEntry[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const lines = arrayItemLines(content);
  return parsed.map((item: ShikimoriRate, index) => {
    const rate: ShikimoriRate = typeof item === 'object' && item !== null ? item : {};
    const status = LIST_STATUSES.includes(rate.status as ListStatus) ? (rate.status as ListStatus) : null;
    const animeId = positiveId(rate.target_id);
    const isAnime = rate.target_type === undefined || rate.target_type === 'Anime';
    return {
      line: lines[index] ?? index + 1,
      title: text(rate.target_title_ru) ?? text(rate.target_title),
      animeId,
      status,
      episodes: wholeNumber(rate.episodes),
      score: scoreOf(rate.score),
      rewatches: wholeNumber(rate.rewatches),
      problem: !isAnime ? 'kind' : animeId === null ? 'id' : status === null ? 'status' : null,
    };
  });
}

/** A Shikimori export: the fields its importer reads, one rate per line. */
export function writeShikimori(entries: ExportedEntry[]): string {
  const rates = entries.map((entry) =>
    JSON.stringify({
      target_title: entry.title,
      target_title_ru: entry.title,
      target_id: entry.animeId,
      target_type: 'Anime',
      score: entry.score ?? 0,
      status: entry.status,
      rewatches: entry.rewatches,
      episodes: entry.progress,
      text: null,
    }),
  );
  return rates.length === 0 ? '[]\n' : `[\n${rates.map((rate) => `  ${rate}`).join(',\n')}\n]\n`;
}

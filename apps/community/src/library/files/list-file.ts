import type { AnimeKind, ListStatus } from '@portal/contracts';

/** One entry read from a list file, before it is matched against the catalogue. */
export interface ListFileEntry {
  /** The entry's line in the file (1-based). */
  line: number;
  title: string | null;
  /** MyAnimeList / Shikimori id (they are the same ids). */
  animeId: number | null;
  status: ListStatus | null;
  /** Episodes watched (of the current rewatch when rewatching). */
  episodes: number;
  /** 1..10, or null for "not rated" (0 in both formats). */
  score: number | null;
  rewatches: number;
  /** Why the entry cannot be imported, whatever the catalogue says. */
  problem: 'status' | 'id' | 'kind' | null;
}

/** What an export writes of one entry. */
export interface ExportedEntry {
  animeId: number;
  title: string;
  kind: AnimeKind | null;
  totalEpisodes: number | null;
  status: ListStatus;
  progress: number;
  score: number | null;
  rewatches: number;
}

export const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
};

/** A whole number a file writes as a number or as text; 0 for anything else (missing, negative, a fraction, an object). */
export const wholeNumber = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : 0;
  return Number.isInteger(number) && number >= 0 ? number : 0;
};

export const scoreOf = (value: unknown): number | null => {
  const score = wholeNumber(value);
  return score >= 1 && score <= 10 ? score : null;
};

export const positiveId = (value: unknown): number | null => {
  const id = wholeNumber(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

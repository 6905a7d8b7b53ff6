import type { EpisodeSpan } from '@portal/contracts';

/** A span from its two columns (both null, or both set: the table checks it). */
export const spanOf = (start: number | null, end: number | null): EpisodeSpan | null => (start === null || end === null ? null : { start, end });

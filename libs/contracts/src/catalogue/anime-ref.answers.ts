import { z } from 'zod';
import type { AnimeRef } from '../community/library.dto';
import { ANIME_KINDS } from './anime.dto';

/** The slice of a title other features show (a list entry, a news item's linked titles). */
export const animeRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  poster: z.string(),
  fallbackPoster: z.string(),
  episodes: z.number().int().nullable(),
  kind: z.enum(ANIME_KINDS).nullable(),
  year: z.number().int().nullable(),
}) satisfies z.ZodType<AnimeRef>;

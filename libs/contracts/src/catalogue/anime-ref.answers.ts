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

/** A title as other services keep it: what lists show, and its Shikimori id. */
export const titleRefSchema = animeRefSchema.extend({ idShiki: z.number().int().nullable() });

/** `catalogue.anime.refs`: each requested id (catalogue or Shikimori id) the catalogue knows, with its title. */
export const animeRefLookupSchema = z.object({ requested: z.number().int(), ref: titleRefSchema });

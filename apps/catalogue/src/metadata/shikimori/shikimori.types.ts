import { z } from 'zod';

/**
 * The parts of Shikimori's REST API (v1) responses the sync reads. Unknown fields are dropped and
 * everything not needed to identify an entry is optional, so a field Shikimori adds or retires does
 * not fail a sync. Image paths are relative to the site ("/system/animes/original/20.jpg?...").
 */
const imageSchema = z.object({
  original: z.string().nullish(),
  preview: z.string().nullish(),
});

const entrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  russian: z.string().nullish(),
  image: imageSchema.nullish(),
  url: z.string().nullish(),
});

export const shikimoriAnimeSchema = entrySchema.extend({
  kind: z.string().nullish(),
  /** A decimal string ("8.0"), "0.0" when nobody has rated yet. */
  score: z.union([z.string(), z.number()]).nullish(),
  status: z.string().nullish(),
  episodes: z.number().int().nullish(),
  episodes_aired: z.number().int().nullish(),
  aired_on: z.string().nullish(),
  released_on: z.string().nullish(),
  rating: z.string().nullish(),
  english: z.array(z.string().nullable()).nullish(),
  japanese: z.array(z.string().nullable()).nullish(),
  synonyms: z.array(z.string().nullable()).nullish(),
  duration: z.number().int().nullish(),
  /** BBCode source of the description: "[character=17]Наруто[/character] ...". */
  description: z.string().nullish(),
  genres: z.array(z.object({ id: z.number().int(), name: z.string(), russian: z.string().nullish(), kind: z.string().nullish() })).nullish(),
});
export type ShikimoriAnime = z.infer<typeof shikimoriAnimeSchema>;

export const shikimoriAnimeListSchema = z.array(entrySchema.extend({ kind: z.string().nullish() }));
export type ShikimoriAnimeBrief = z.infer<typeof shikimoriAnimeListSchema>[number];

export const shikimoriRolesSchema = z.array(
  z.object({
    roles: z.array(z.string()).default([]),
    roles_russian: z.array(z.string()).nullish(),
    character: entrySchema.nullish(),
    person: entrySchema.nullish(),
  }),
);
export type ShikimoriRole = z.infer<typeof shikimoriRolesSchema>[number];
export type ShikimoriEntry = z.infer<typeof entrySchema>;

export const shikimoriVideosSchema = z.array(
  z.object({
    id: z.number().int(),
    url: z.string(),
    image_url: z.string().nullish(),
    player_url: z.string().nullish(),
    name: z.string().nullish(),
    kind: z.string().nullish(),
    hosting: z.string().nullish(),
  }),
);
export type ShikimoriVideo = z.infer<typeof shikimoriVideosSchema>[number];

export const shikimoriScreenshotsSchema = z.array(z.object({ original: z.string(), preview: z.string().nullish() }));
export type ShikimoriScreenshot = z.infer<typeof shikimoriScreenshotsSchema>[number];

/** GET /api/characters/{id}: the character with every person who voices it (`seyu`). */
export const shikimoriCharacterSchema = entrySchema.extend({
  japanese: z.string().nullish(),
  seyu: z.array(entrySchema).nullish(),
});
export type ShikimoriCharacter = z.infer<typeof shikimoriCharacterSchema>;

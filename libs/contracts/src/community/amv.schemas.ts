import { z } from 'zod';
import { withoutInvisibles } from '../validation/invisible-characters';
import { MAX_INT32 as MAX_INT, absentWhenEmpty as absent, boundedInteger as integer, withoutNul as noNul } from '../validation/common.schemas';
import {
  AMV_ANIME_MAX,
  AMV_AUTHOR_MAX,
  AMV_DURATION_MAX,
  AMV_LETTERS,
  AMV_MESSAGES,
  AMV_MUSIC_MAX,
  AMV_PLAYLIST_MAX,
  AMV_SEARCH_MAX,
  AMV_TAG_MAX,
  AMV_TAGS_MAX,
  AMV_TITLE_MAX,
  AMV_UPLOAD_ID_PATTERN,
  normalizeAmvEmbed,
} from './amv.dto';

// AMV (docs/community.md, «AMV»): the requests of the declared operations (amv.operations.ts) and of
// the gateway's own routes. The gateway parses every request with these, and the community service
// parses what it receives with the same ones, so each schema accepts its own output.

/** Titles, authors, music, tags and searches for them: names, so no invisible characters. */
const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite(withoutInvisibles)
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .refine(noNul, { error: AMV_MESSAGES.nul });

const amvId = z.uuid({ error: AMV_MESSAGES.id });

/** `/amv/:id` and every call about one AMV. */
export const amvParamsSchema = z.object({ id: amvId });

const letterField = z.preprocess(
  (value) => (typeof value === 'string' ? absent(value.trim().toUpperCase().replace('Ё', 'Е')) : absent(value)),
  z
    .string({ error: AMV_MESSAGES.letter })
    .refine((letter) => AMV_LETTERS.includes(letter), { error: AMV_MESSAGES.letter })
    .optional(),
);
const searchField = z.preprocess(absent, text(0, AMV_SEARCH_MAX, AMV_MESSAGES.search).optional()).transform((search) => search || undefined);

/** GET /amv?letter&page&search: each filter optional; `#` is every title starting with a digit. */
export const amvListQuerySchema = z.object({
  letter: letterField,
  page: z.preprocess(absent, integer(1, 100_000, AMV_MESSAGES.page).optional()).default(1),
  search: searchField,
});

/** GET /amv/:id/adjacent?letter&search: the neighbours within the same filtered listing. */
export const amvAdjacentSchema = amvParamsSchema.extend({ letter: letterField, search: searchField });

/** GET /amv/search?q. */
export const amvSearchQuerySchema = z.object({ q: text(1, AMV_SEARCH_MAX, AMV_MESSAGES.query) });

const tagsField = z
  .array(text(1, AMV_TAG_MAX, AMV_MESSAGES.tags), { error: AMV_MESSAGES.tags })
  .max(AMV_TAGS_MAX, { error: AMV_MESSAGES.tags })
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);
const animeIdsField = z
  .array(integer(1, MAX_INT, AMV_MESSAGES.animeIds), { error: AMV_MESSAGES.animeIds })
  .max(AMV_ANIME_MAX, { error: AMV_MESSAGES.animeIds })
  .transform((ids) => [...new Set(ids)]);
const musicField = z.union([z.null(), text(0, AMV_MUSIC_MAX, AMV_MESSAGES.music)], { error: AMV_MESSAGES.music }).transform((value) => value || null);

/**
 * The stored form of an AMV's video: exactly one of an upload's id (POST /amv/upload) or an allowed
 * player's link, kept as its privacy-enhanced embed URL (which parses to itself again).
 */
const videoField = z
  .object(
    {
      uploadId: z.string({ error: AMV_MESSAGES.uploadId }).regex(AMV_UPLOAD_ID_PATTERN, { error: AMV_MESSAGES.uploadId }).optional(),
      url: z.string({ error: AMV_MESSAGES.externalUrl }).max(2000, { error: AMV_MESSAGES.externalUrl }).optional(),
    },
    { error: AMV_MESSAGES.video },
  )
  .strict()
  .transform((video, context): { uploadId: string } | { url: string } => {
    if ((video.uploadId === undefined) === (video.url === undefined)) {
      context.addIssue({ code: 'custom', message: AMV_MESSAGES.video });
      return z.NEVER;
    }
    if (video.uploadId !== undefined) return { uploadId: video.uploadId };
    const embed = normalizeAmvEmbed(video.url as string);
    if (typeof embed === 'object') return { url: embed.embedUrl };
    const message = embed === 'url' ? AMV_MESSAGES.externalUrl : embed === 'host' ? AMV_MESSAGES.externalHost : AMV_MESSAGES.externalVideo;
    context.addIssue({ code: 'custom', path: ['url'], message });
    return z.NEVER;
  });

const writeFields = {
  title: text(1, AMV_TITLE_MAX, AMV_MESSAGES.title),
  author: text(1, AMV_AUTHOR_MAX, AMV_MESSAGES.author),
  animeIds: animeIdsField,
  musicArtist: musicField,
  musicTrack: musicField,
  durationSeconds: integer(1, AMV_DURATION_MAX, AMV_MESSAGES.duration),
  tags: tagsField,
  video: videoField,
};

/** POST /amv (admin). */
export const amvCreateSchema = z.object({
  ...writeFields,
  animeIds: animeIdsField.optional().default([]),
  musicArtist: musicField.optional().default(null),
  musicTrack: musicField.optional().default(null),
  tags: tagsField.optional().default([]),
});

const somethingToChange = (change: Record<string, unknown>, context: z.RefinementCtx) => {
  if (Object.keys(writeFields).every((key) => change[key] === undefined)) {
    context.addIssue({ code: 'custom', path: ['title'], message: AMV_MESSAGES.nothingToChange });
  }
};
const changeFields = Object.fromEntries(Object.entries(writeFields).map(([key, schema]) => [key, schema.optional()])) as {
  [K in keyof typeof writeFields]: z.ZodOptional<(typeof writeFields)[K]>;
};

/** PUT /amv/:id (admin): the fields given change, at least one. */
export const amvUpdateSchema = z.object({ id: amvId, ...changeFields }).superRefine(somethingToChange);

/** A view: the gateway names the viewer (the user's id, or a hash of a guest's address and browser). */
export const amvViewSchema = amvParamsSchema.extend({ viewer: z.string().regex(/^(user|guest):[0-9a-f-]{16,64}$/) });

/** POST /users/me/amv-playlist ({ amvId }) and DELETE /users/me/amv-playlist/:amvId. */
export const amvPlaylistItemSchema = z.object({ amvId: z.uuid({ error: AMV_MESSAGES.playlistAmvId }) });
/** PUT /users/me/amv-playlist: the whole playlist in its new order. */
export const amvPlaylistReorderSchema = z.object({
  ids: z
    .array(z.uuid({ error: AMV_MESSAGES.playlistOrder }), { error: AMV_MESSAGES.playlistOrder })
    .max(AMV_PLAYLIST_MAX, { error: AMV_MESSAGES.playlistOrder })
    .refine((ids) => new Set(ids).size === ids.length, { error: AMV_MESSAGES.playlistOrder }),
});

export type AmvListRequest = z.output<typeof amvListQuerySchema>;
export type AmvAdjacentRequest = z.output<typeof amvAdjacentSchema>;
export type AmvSearchRequest = z.output<typeof amvSearchQuerySchema>;
export type AmvIdRequest = z.output<typeof amvParamsSchema>;
export type AmvCreateRequest = z.output<typeof amvCreateSchema>;
export type AmvUpdateRequest = z.output<typeof amvUpdateSchema>;
export type AmvViewRequest = z.output<typeof amvViewSchema>;
export type AmvPlaylistItemRequest = z.output<typeof amvPlaylistItemSchema>;
export type AmvPlaylistReorderRequest = z.output<typeof amvPlaylistReorderSchema>;

import { z } from 'zod';
import { deletedOf, isoDateTime, numberedPageOf } from '../validation/answer.schemas';
import { animeRefSchema } from '../catalogue/anime-ref.answers';
import { AMV_EMBED_PROVIDERS } from './amv.dto';

// What the AMV operations answer (amv.operations.ts); the types in amv.dto.ts are these schemas' outputs.

/** The video of an AMV: an uploaded file (with its HLS rendition once transcoded) or an external player. */
export const amvVideoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    /** The uploaded file as uploaded, /media/amv/uploads/<id>.mp4|webm. */
    src: z.string(),
    mimeType: z.enum(['video/mp4', 'video/webm']),
    /** /media/amv/hls/<amvId>/index.m3u8 once the transcoding job ran; null before (or without ffmpeg). */
    hls: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('embed'),
    provider: z.enum(AMV_EMBED_PROVIDERS),
    /** The privacy-enhanced embed URL; empty when a stored link no longer parses. */
    embedUrl: z.string(),
  }),
]);

export const amvItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  author: z.string(),
  animeIds: z.array(z.number().int()),
  /** The linked titles the catalogue knows, in the order of `animeIds`. */
  anime: z.array(animeRefSchema),
  musicArtist: z.string().nullable(),
  musicTrack: z.string().nullable(),
  durationSeconds: z.number().int(),
  tags: z.array(z.string()),
  views: z.number().int(),
  likes: z.number().int(),
  /** The caller liked it (false for guests). */
  likedByMe: z.boolean(),
  video: amvVideoSchema,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** GET /amv and GET /amv/search: the envelope's `data` is the whole page (no `meta`). */
export const amvPageSchema = numberedPageOf(amvItemSchema);

export const amvTopSchema = z.object({ mostViewed: z.array(amvItemSchema), mostLiked: z.array(amvItemSchema) });

/** GET /amv/:id/adjacent: the neighbours in the listing's order (title, then id). */
export const amvAdjacentAnswerSchema = z.object({ previous: amvItemSchema.nullable(), next: amvItemSchema.nullable() });

export const amvDeletedSchema = deletedOf(z.uuid());

export const amvLikeStateSchema = z.object({ id: z.uuid(), likes: z.number().int(), likedByMe: z.boolean() });

/** POST /amv/:id/view (a route of the gateway's own, which names the viewer). */
export const amvViewStateSchema = z.object({
  id: z.uuid(),
  views: z.number().int(),
  /** False when this viewer was already counted today. */
  counted: z.boolean(),
});

export const amvPlaylistSchema = z.object({ items: z.array(amvItemSchema) });

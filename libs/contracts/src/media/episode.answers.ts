import { z } from 'zod';

// What `catalogue.episodes.list` answers (catalogue/catalogue.operations.ts); the types in episode.dto.ts are these schemas' outputs.

/** A span of an episode in seconds, such as its opening or ending. */
export const episodeSpanSchema = z.object({ start: z.number(), end: z.number() });

export const episodeSourceSchema = z.discriminatedUnion('kind', [
  /** An HLS master playlist on our own origin (sample episodes, or a self-hosted library). */
  z.object({
    kind: z.literal('hls'),
    url: z.string(),
    qualities: z.array(z.number().int()),
    /** The seek thumbnails' WebVTT track (`sprite-1.jpg#xywh=x,y,w,h` cues) under /media/; null when the episode has none (samples). */
    thumbnails: z.string().nullable(),
  }),
  /** An external provider's iframe player (VIDEO_PROVIDER setting; off by default). */
  z.object({ kind: z.literal('iframe'), url: z.string() }),
]);

export const episodeSchema = z.object({
  animeId: z.number().int(),
  number: z.number().int(),
  title: z.string().nullable(),
  /** Seconds, with milliseconds. */
  durationSeconds: z.number().nullable(),
  source: episodeSourceSchema,
  opening: episodeSpanSchema.nullable(),
  ending: episodeSpanSchema.nullable(),
});

export const animeEpisodesSchema = z.object({
  animeId: z.number().int(),
  episodes: z.array(episodeSchema),
});

import { z } from 'zod';

// What the «Серии» admin screen reads and the upload operations answer (catalogue/episode-uploads.operations.ts).

/** Where an episode source is in its life: waiting for a worker, being transcoded, playable, or stopped. */
export const EPISODE_SOURCE_STATES = ['queued', 'transcoding', 'ready', 'failed', 'cancelled'] as const;

/** An audio stream of a source, as ffprobe read it: each becomes an HLS audio rendition. */
export const sourceAudioTrackSchema = z.object({
  /** The stream's place among the source's audio streams (0 = the first). */
  index: z.number().int().nonnegative(),
  /** ISO 639-2 from the stream's `language` tag (`jpn`, `rus`), when it has one. */
  language: z.string().nullable(),
  /** The stream's `title` tag (often the voice-over team), when it has one. */
  title: z.string().nullable(),
  codec: z.string(),
});

/** What ffprobe found in an uploaded file; the gateway refuses a file without it. */
export const sourceProbeSchema = z.object({
  durationSeconds: z.number().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  videoCodec: z.string(),
  audioTracks: z.array(sourceAudioTrackSchema),
});

export const episodeSourceViewSchema = z.object({
  id: z.string(),
  animeId: z.number().int(),
  number: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  durationSeconds: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  audioTracks: z.array(sourceAudioTrackSchema),
  state: z.enum(EPISODE_SOURCE_STATES),
  /** Per cent of the transcode done, 0–100 (ffmpeg's `-progress`). */
  progress: z.number(),
  /** Seconds left at the current speed, while transcoding. */
  etaSeconds: z.number().int().nullable(),
  /** Why the last attempt failed (ffmpeg's last lines), when it did. */
  error: z.string().nullable(),
  /** The HLS rungs made, heights ascending (360 … 2160), once ready. */
  qualities: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Where an episode's opening and ending came from: found by ear (audio fingerprints) or set by a person, who is never overruled. */
export const MARKER_ORIGINS = ['detected', 'manual'] as const;

const spanSchema = z.object({ start: z.number(), end: z.number() });

/** An episode as its managers see it: published or not, and where it came from. */
export const managedEpisodeSchema = z.object({
  number: z.number().int(),
  title: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  qualities: z.array(z.number().int()),
  origin: z.enum(['samples', 'upload']),
  published: z.boolean(),
  hlsUrl: z.string(),
  opening: spanSchema.nullable(),
  ending: spanSchema.nullable(),
  /** null while nothing was found or set (the samples' spans come with them). */
  markersOrigin: z.enum(MARKER_ORIGINS).nullable(),
});

export const episodeManagementSchema = z.object({
  animeId: z.number().int(),
  title: z.string(),
  /** The title's episode count in the catalogue, when known. */
  episodeCount: z.number().int().nullable(),
  episodes: z.array(managedEpisodeSchema),
  /** Uploads newest first: the ones still in work, failed or cancelled, and the latest of each ready episode. */
  sources: z.array(episodeSourceViewSchema),
});

/** The upload may start: the title exists and the episode number is free. */
export const episodeUploadSlotSchema = z.object({ animeId: z.number().int(), number: z.number().int(), title: z.string() });

import { z } from 'zod';

/** The manifest format `npm run media:samples` writes (scripts/lib/samples-plan.mjs, docs/media.md). */
export const SAMPLE_MANIFEST_VERSION = 1;

const span = z.object({ start: z.number().nonnegative(), end: z.number().positive() }).refine((value) => value.start < value.end, 'start must be before end');

/** Relative to MEDIA_DIR, plain segments only: it becomes a URL under /media/. */
const masterPath = z
  .string()
  .regex(/^[\w-]+(\/[\w.-]+)*\.m3u8$/, 'a relative path to a .m3u8 file')
  .refine((path) => !path.split('/').some((part) => part === '..' || part.startsWith('.')), 'no hidden or parent folders');

export const sampleManifestSchema = z.object({
  version: z.literal(SAMPLE_MANIFEST_VERSION),
  spec: z.string().min(1),
  episodes: z
    .array(
      z
        .object({
          animeId: z.number().int().positive().max(2_147_483_647),
          number: z.number().int().positive().max(100_000),
          title: z.string().max(200).nullable(),
          durationSeconds: z.number().positive(),
          master: masterPath,
          qualities: z.array(z.number().int().positive()).max(10),
          opening: span.nullable(),
          ending: span.nullable(),
        })
        .refine((episode) => [episode.opening, episode.ending].every((part) => !part || part.end <= episode.durationSeconds), 'a span ends after the episode'),
    )
    .max(10_000)
    .refine((episodes) => new Set(episodes.map((episode) => `${episode.animeId}/${episode.number}`)).size === episodes.length, 'an episode is listed twice'),
});

export type SampleManifest = z.infer<typeof sampleManifestSchema>;
export type SampleManifestEpisode = SampleManifest['episodes'][number];

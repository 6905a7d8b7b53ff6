import { z } from 'zod';
import { sourceProbeSchema } from './episode-uploads.answers';
import { EPISODE_UPLOAD_MESSAGES } from './episode-uploads.dto';
import { episodesListSchema } from './episodes.schemas';

const numberMessage = { error: EPISODE_UPLOAD_MESSAGES.badNumber };

/** An episode number: 1 to 100 000 (long-running series have more than a thousand). */
export const episodeNumberSchema = z.coerce.number(numberMessage).int(numberMessage).min(1, numberMessage).max(100_000, numberMessage);

/** The «Серии» screen of a title (catalogue id or Shikimori id, as the episode list takes). */
export const episodeManagementRequestSchema = episodesListSchema;

/** Before an upload starts: is the title there and the number free? */
export const episodeUploadSlotRequestSchema = episodesListSchema.extend({ number: episodeNumberSchema });

/** Where the gateway's resumable uploads put finished files, relative to MEDIA_DIR (`episodes/incoming/<upload id>`). */
export const EPISODE_UPLOAD_KEY_PATTERN = /^episodes\/incoming\/[A-Za-z0-9_-]{8,64}$/;

/** The gateway registers a finished, probed upload as the source of episode N. */
export const episodeSourceRegisterRequestSchema = episodeUploadSlotRequestSchema.extend({
  uploadKey: z.string().regex(EPISODE_UPLOAD_KEY_PATTERN),
  fileName: z.string().min(1).max(255),
  sizeBytes: z.number().int().positive(),
  probe: sourceProbeSchema,
});

export const episodeSourceIdRequestSchema = z.object({ id: z.uuid({ error: EPISODE_UPLOAD_MESSAGES.sourceNotFound }) });

export const episodePublishRequestSchema = episodeUploadSlotRequestSchema.extend({ published: z.boolean() });

const seconds = z
  .number({ error: EPISODE_UPLOAD_MESSAGES.badSpan })
  .finite({ error: EPISODE_UPLOAD_MESSAGES.badSpan })
  .min(0, EPISODE_UPLOAD_MESSAGES.badSpan)
  .max(86_400, EPISODE_UPLOAD_MESSAGES.badSpan);
const markerSpanSchema = z
  .object({ start: seconds, end: seconds })
  .refine((span) => span.start < span.end, { error: EPISODE_UPLOAD_MESSAGES.badSpan })
  .nullable();

/** An uploader's correction of an episode's opening and ending (null: the episode has none); never overwritten by detection. */
export const episodeMarkersRequestSchema = episodeUploadSlotRequestSchema.extend({ opening: markerSpanSchema, ending: markerSpanSchema });

export type EpisodeUploadSlotRequest = z.output<typeof episodeUploadSlotRequestSchema>;
export type EpisodeSourceRegisterRequest = z.output<typeof episodeSourceRegisterRequestSchema>;
export type EpisodeSourceIdRequest = z.output<typeof episodeSourceIdRequestSchema>;
export type EpisodePublishRequest = z.output<typeof episodePublishRequestSchema>;
export type EpisodeMarkersRequest = z.output<typeof episodeMarkersRequestSchema>;

import { z } from 'zod';
import { TRACK_KINDS } from './track-choices.answers';
import { TRACK_CHOICE_MESSAGES } from './track-choices.dto';
import { listEntryParamsSchema } from './community.schemas';

/** GET /anime/{animeId}/tracks: the title's choice. */
export const trackChoiceParamsSchema = listEntryParamsSchema;

/** PUT /anime/{animeId}/tracks: one kind's choice; `name: null` turns subtitles off (for audio: back to the default). */
export const trackChooseSchema = listEntryParamsSchema.extend({
  kind: z.enum(TRACK_KINDS, { error: TRACK_CHOICE_MESSAGES.kind }),
  name: z.string({ error: TRACK_CHOICE_MESSAGES.name }).trim().min(1, TRACK_CHOICE_MESSAGES.name).max(100, TRACK_CHOICE_MESSAGES.name).nullable(),
});

export type TrackChoiceParams = z.output<typeof trackChoiceParamsSchema>;
export type TrackChooseRequest = z.output<typeof trackChooseSchema>;

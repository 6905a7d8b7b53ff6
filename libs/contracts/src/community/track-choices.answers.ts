import { z } from 'zod';

// What the track choice operations answer (track-choices.operations.ts).

/** What a viewer listens to and reads: a voice-over (an HLS audio rendition) or subtitles. */
export const TRACK_KINDS = ['audio', 'subtitles'] as const;

/**
 * The viewer's voice-over and subtitles for a title, and the ones they choose most often across titles.
 * Names are the HLS renditions' `NAME` (the team: «AniLibria», «Оригинал (японский)»). `subtitles: null`
 * with `subtitlesChosen: true` means the viewer turned them off.
 */
export const trackChoiceSchema = z.object({
  animeId: z.number().int(),
  audio: z.string().nullable(),
  subtitles: z.string().nullable(),
  subtitlesChosen: z.boolean(),
  /** The voice-over the viewer chose for the most titles, null before any choice. */
  usualAudio: z.string().nullable(),
  usualSubtitles: z.string().nullable(),
});

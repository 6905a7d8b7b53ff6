import { defineOperation } from '../operations/define-operation';
import { trackChoiceSchema } from './track-choices.answers';
import { trackChoiceParamsSchema, trackChooseSchema } from './track-choices.schemas';

/**
 * The voice-over and subtitles a viewer chose per title (docs/community.md, «Voice-over and subtitles»):
 * the player asks on opening a title's episode and tells on every change, so the choice follows the
 * viewer to the next episode and to other devices.
 */
export const TRACK_CHOICE_OPERATIONS = {
  get: defineOperation({
    pattern: 'community.tracks.get',
    kind: 'read',
    access: 'user',
    http: { method: 'GET', path: '/anime/:animeId/tracks' },
    summary: "The viewer's voice-over and subtitles for a title, and the ones they choose most often",
    notes:
      "Names are the HLS renditions' `NAME`s. `usualAudio`/`usualSubtitles`: the name chosen for the most titles (the latest on a tie), null before any choice.",
    request: trackChoiceParamsSchema,
    answer: trackChoiceSchema,
  }),
  choose: defineOperation({
    pattern: 'community.tracks.choose',
    kind: 'write',
    access: 'user',
    http: { method: 'PUT', path: '/anime/:animeId/tracks' },
    summary: 'Remember the voice-over or subtitles the viewer picked for a title',
    notes:
      'Body `{ kind: "audio" | "subtitles", name }`; `name: null` turns subtitles off (audio: forgets the choice). Answers the title\'s choice as GET does.',
    request: trackChooseSchema,
    answer: trackChoiceSchema,
  }),
};

import type { z } from 'zod';
import type { TRACK_KINDS, trackChoiceSchema } from './track-choices.answers';

export type TrackKind = (typeof TRACK_KINDS)[number];
export type TrackChoice = z.output<typeof trackChoiceSchema>;

export const TRACK_CHOICE_MESSAGES = {
  kind: 'Дорожка: audio или subtitles',
  name: 'Название дорожки: от 1 до 100 символов или null',
} as const;

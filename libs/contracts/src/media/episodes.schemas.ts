import { z } from 'zod';
import { EPISODE_MESSAGES } from './episode.dto';

const message = { error: EPISODE_MESSAGES.badAnimeId };

/** GET /anime/{animeId}/episodes and `catalogue.episodes.list`: a catalogue id or a Shikimori id. */
export const episodesListSchema = z.object({
  animeId: z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message),
});

export type EpisodesListRequest = z.output<typeof episodesListSchema>;

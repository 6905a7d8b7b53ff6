import { z } from 'zod';
import { EPISODE_MESSAGES } from '@portal/contracts';

const message = { error: EPISODE_MESSAGES.badAnimeId };

/** `catalogue.episodes.list`: the id from the URL, a catalogue id or a Shikimori id. */
export const episodesListSchema = z.object({
  animeId: z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message),
});

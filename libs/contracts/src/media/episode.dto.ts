import type { z } from 'zod';
import type { animeEpisodesSchema, episodeSchema, episodeSourceSchema, episodeSpanSchema } from './episode.answers';

/** A span of an episode in seconds, such as its opening or ending. */
export type EpisodeSpan = z.output<typeof episodeSpanSchema>;
/** An HLS master playlist on our own origin (`hls`), or an external provider's iframe player (`iframe`, VIDEO_PROVIDER; off by default). */
export type EpisodeSource = z.output<typeof episodeSourceSchema>;
export type Episode = z.output<typeof episodeSchema>;
/** GET /anime/{animeId}/episodes: the outputs of the schemas in episode.answers.ts. */
export type AnimeEpisodes = z.output<typeof animeEpisodesSchema>;

/** Where the gateway serves MEDIA_DIR; own HLS sources are URLs under it (docs/media.md). */
export const MEDIA_URL_PREFIX = '/media/';

export const EPISODE_MESSAGES = {
  badAnimeId: 'Идентификатор аниме должен быть положительным целым числом',
} as const;

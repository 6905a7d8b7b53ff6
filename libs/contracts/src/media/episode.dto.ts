/** A span of an episode in seconds, such as its opening or ending. */
export interface EpisodeSpan {
  start: number;
  end: number;
}

export type EpisodeSource =
  /** An HLS master playlist on our own origin (sample episodes, or a self-hosted library). */
  | { kind: 'hls'; url: string; qualities: number[] }
  /** An external provider's iframe player (VIDEO_PROVIDER setting; off by default). */
  | { kind: 'iframe'; url: string };

export interface Episode {
  animeId: number;
  number: number;
  title: string | null;
  durationSeconds: number | null;
  source: EpisodeSource;
  opening: EpisodeSpan | null;
  ending: EpisodeSpan | null;
}

export interface AnimeEpisodes {
  animeId: number;
  episodes: Episode[];
}

/** Where the gateway serves MEDIA_DIR; own HLS sources are URLs under it (docs/media.md). */
export const MEDIA_URL_PREFIX = '/media/';

export const EPISODE_MESSAGES = {
  badAnimeId: 'Идентификатор аниме должен быть положительным целым числом',
} as const;

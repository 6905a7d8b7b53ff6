import { Inject, Injectable } from '@nestjs/common';
import { type AnimeEpisodes, CATALOGUE_MESSAGES, type Episode, ErrorCode, MEDIA_URL_PREFIX } from '@portal/contracts';
import { spanOf } from '../episode-span';
import { RpcError } from '@portal/platform';
import { type EpisodeAnimeRow, EpisodesRepository, type PlayableEpisodeRow } from '../episodes.repository';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';

/** Titles created in the catalogue take ids from here up (see the catalogue migration): they have no Shikimori id. */
const LOCAL_ID_START = 100_000_000;
/** An iframe list never grows past this, whatever a title's episode count says. */
export const MAX_IFRAME_EPISODES = 2000;

const ownEpisode = (row: PlayableEpisodeRow): Episode => ({
  animeId: row.anime_id,
  number: row.number,
  title: row.title,
  durationSeconds: row.duration_seconds,
  source: {
    kind: 'hls',
    url: row.hls_url,
    qualities: row.qualities,
    thumbnails: row.thumbnails_path === null ? null : `${MEDIA_URL_PREFIX}${row.thumbnails_path}`,
  },
  opening: spanOf(row.opening_start, row.opening_end),
  ending: spanOf(row.ending_start, row.ending_end),
});

/**
 * The provider's URL for one episode, from a template with {shikimoriId}, {kodikId} (written by
 * POST /parser/parse), {animeId} and {episode}; null when it names an id the title lacks.
 */
export function iframeUrl(template: string, anime: Pick<EpisodeAnimeRow, 'id' | 'id_shiki' | 'kodik_id'>, episode: number): string | null {
  const values: Record<string, string | number | null> = {
    shikimoriId: anime.id_shiki ?? (anime.id < LOCAL_ID_START ? anime.id : null),
    kodikId: anime.kodik_id,
    animeId: anime.id,
    episode,
  };
  let url = template;
  for (const [name, value] of Object.entries(values)) {
    if (!url.includes(`{${name}}`)) continue;
    if (value === null) return null;
    url = url.replaceAll(`{${name}}`, encodeURIComponent(String(value)));
  }
  return url;
}

/** What the player can play for a title: its own episodes, else the configured provider's, else none. */
@Injectable()
export class EpisodesQueryService {
  constructor(
    private readonly episodes: EpisodesRepository,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
  ) {}

  async list(animeId: number): Promise<AnimeEpisodes> {
    const anime = await this.episodes.findAnime(animeId);
    if (!anime) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    const own = await this.episodes.listByAnime(anime.id);
    if (own.length > 0) return { animeId: anime.id, episodes: own.map(ownEpisode) };
    return { animeId: anime.id, episodes: this.fromProvider(anime) };
  }

  private fromProvider(anime: EpisodeAnimeRow): Episode[] {
    const { provider } = this.settings;
    if (provider.kind !== 'iframe') return [];
    // A film is one episode even when the dataset leaves its count empty.
    const count = Math.min(anime.episodes || (anime.kind === 'movie' ? 1 : 0), MAX_IFRAME_EPISODES);
    const durationSeconds = anime.duration_minutes ? anime.duration_minutes * 60 : null;
    const episodes: Episode[] = [];
    for (let number = 1; number <= count; number++) {
      const url = iframeUrl(provider.urlTemplate, anime, number);
      if (url === null) return [];
      episodes.push({ animeId: anime.id, number, title: null, durationSeconds, source: { kind: 'iframe', url }, opening: null, ending: null });
    }
    return episodes;
  }
}

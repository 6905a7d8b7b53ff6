import { join, posix } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_URL_PREFIX } from '@portal/contracts';
import { CatalogueCacheInvalidator } from '../../cache/catalogue-cache-invalidator';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { ladderFor } from '../uploads/hls-ladder';
import {
  type AudioRendition,
  measureRendition,
  readRendition,
  type Rendition,
  type SubtitleRendition,
  writeRevisedMaster,
} from '../uploads/hls-master-playlist';
import { type EpisodeTrackRow, EpisodeTracksRepository, type TrackedEpisodeRow } from './episode-tracks.repository';
import { trackUriOf } from './track-encoding';

/**
 * The master playlists of uploaded episodes once tracks are added or removed (docs/media.md, «Voice-overs
 * and subtitles added later»): each change writes a new, immutable revision beside the first master and
 * points the episode to it. A player that loaded an older revision keeps playing it.
 */
@Injectable()
export class EpisodeMasterService {
  constructor(
    private readonly tracks: EpisodeTracksRepository,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    private readonly cache: CatalogueCacheInvalidator,
  ) {}

  /** The episode's rendition folder (absolute) and what its master is made of: the sidecar, else measured (a rendition older than sidecars). */
  async renditionOf(episode: TrackedEpisodeRow): Promise<{ folder: string; rendition: Rendition }> {
    const folder = join(this.settings.mediaDir, posix.dirname(episode.hls_path));
    const rendition = (await readRendition(folder)) ?? (await measureRendition(folder, ladderFor(episode.width, episode.height), episode.audio_tracks));
    return { folder, rendition };
  }

  /**
   * Writes the episode's master with its ready added tracks as a new revision and points the episode to
   * it unless a newer one got there first (the newest revision read the newest set of tracks). The
   * revision is taken in a transaction; the file is written after it, and the episode updated after that.
   * Answers the revision, or null when the episode is not a transcoded upload.
   */
  async revise(animeId: number, number: number): Promise<number | null> {
    const next = await this.tracks.nextMasterRevision(animeId, number);
    if (!next) return null;
    const { folder, rendition } = await this.renditionOf(next.episode);
    const name = await writeRevisedMaster(folder, next.revision, {
      variants: rendition.variants,
      audio: [...rendition.audio, ...addedAudio(next.tracks, rendition.audio.length)],
      subtitles: addedSubtitles(next.tracks),
    });
    const hlsUrl = `${MEDIA_URL_PREFIX}${posix.dirname(next.episode.hls_path)}/${name}`;
    if (await this.tracks.applyMasterRevision(animeId, number, next.revision, hlsUrl)) await this.cache.invalidate();
    return next.revision;
  }
}

/** Added voice-overs as renditions of the audio group, after the source's streams (their places follow the source's). */
const addedAudio = (tracks: readonly EpisodeTrackRow[], sourceStreams: number): AudioRendition[] =>
  tracks
    .filter((track) => track.kind === 'audio')
    .map((track, position) => ({
      uri: track.uri ?? trackUriOf(track.id),
      index: sourceStreams + position,
      language: track.language,
      title: track.name,
      bandwidth: track.bandwidth ?? 0,
      averageBandwidth: track.average_bandwidth ?? 0,
    }));

const addedSubtitles = (tracks: readonly EpisodeTrackRow[]): SubtitleRendition[] =>
  tracks.filter((track) => track.kind === 'subtitles').map((track) => ({ uri: track.uri ?? trackUriOf(track.id), name: track.name, language: track.language }));

import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type AuthenticatedUser,
  CATALOGUE_MESSAGES,
  EPISODE_TRACK_MESSAGES,
  EPISODE_UPLOAD_MESSAGES,
  type EpisodeTrack,
  type EpisodeTrackList,
  ErrorCode,
  type ReleaseTeamList,
  type TitleTeams,
} from '@portal/contracts';
import type { EpisodeTrackAddRequest, EpisodeTrackListRequest, ReleaseTeamListRequest } from '@portal/contracts/schemas';
import { RpcError } from '@portal/platform';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { EpisodeSourcesRepository, type ManagedTitleRow } from '../uploads/episode-sources.repository';
import { EpisodeMasterService } from './episode-master.service';
import { EpisodeTrackQueue } from './episode-track.queue';
import { toTrackView } from './episode-track.view';
import { type EpisodeTrackRow, EpisodeTracksRepository } from './episode-tracks.repository';
import { TRACKS_FOLDER } from './track-encoding';

const notFound = (message: string) => RpcError.of(ErrorCode.NotFound, message);

/**
 * Release teams and the voice-overs and subtitles of uploaded episodes (docs/media.md, «Voice-overs and
 * subtitles added later»). An added file is processed by the `catalogue-episode-tracks` queue, queued
 * after the track's row is committed; a track whose job was lost is queued again at boot.
 */
@Injectable()
export class EpisodeTracksService {
  constructor(
    private readonly tracks: EpisodeTracksRepository,
    private readonly sources: EpisodeSourcesRepository,
    private readonly queue: EpisodeTrackQueue,
    private readonly masters: EpisodeMasterService,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async titleTeams(animeId: number): Promise<TitleTeams> {
    const title = await this.requireTitle(animeId);
    const teams = await this.tracks.titleTeams(title.id);
    return { animeId: title.id, voice: teams.filter((team) => team.kind === 'voice'), subtitles: teams.filter((team) => team.kind === 'subtitles') };
  }

  async listTeams({ kind, q }: ReleaseTeamListRequest): Promise<ReleaseTeamList> {
    return { items: await this.tracks.listTeams(kind ?? null, q || null) };
  }

  async list({ animeId, number }: EpisodeTrackListRequest): Promise<EpisodeTrackList> {
    const title = await this.requireTitle(animeId);
    if (!(await this.tracks.findEpisode(title.id, number))) throw notFound(EPISODE_UPLOAD_MESSAGES.episodeNotFound);
    return { items: (await this.tracks.listTracks(title.id, number)).map(toTrackView) };
  }

  async add(request: EpisodeTrackAddRequest, user: AuthenticatedUser): Promise<EpisodeTrack> {
    const title = await this.requireTitle(request.animeId);
    const row = await this.tracks.addTrack({
      id: randomUUID(),
      animeId: title.id,
      number: request.number,
      kind: request.kind,
      team: request.team,
      language: request.language,
      uploadKey: request.uploadKey,
      createdBy: user.id,
    });
    if (row === 'duplicate') throw RpcError.of(ErrorCode.Conflict, EPISODE_TRACK_MESSAGES.duplicateTeam);
    if (!row) throw notFound(EPISODE_TRACK_MESSAGES.episodeNotReady);
    await this.enqueue(row.id);
    return toTrackView(row);
  }

  /** Removes an added track: the next master revision leaves it out, and its files go once that revision is in place. */
  async remove(id: string): Promise<EpisodeTrack> {
    const row = await this.tracks.removeAddedTrack(id);
    if (!row) {
      if (await this.tracks.findTrack(id)) throw RpcError.of(ErrorCode.Conflict, EPISODE_TRACK_MESSAGES.sourceTrack);
      throw notFound(EPISODE_TRACK_MESSAGES.trackNotFound);
    }
    await this.masters.revise(row.anime_id, row.number);
    await this.removeFiles(row);
    return toTrackView(row);
  }

  /** Added tracks left processing with no job (Redis lost it, or was down when they were added): their jobs again. */
  async requeueStranded(): Promise<number> {
    const stranded = await this.tracks.processing();
    for (const row of stranded) await this.queue.enqueue(row.id);
    return stranded.length;
  }

  /** A queue that does not answer leaves the track processing: the next boot's `requeueStranded` queues it. */
  private async enqueue(trackId: string): Promise<void> {
    await this.queue.enqueue(trackId).catch((error: unknown) => this.logger.warn({ err: error, trackId }, 'episode track not queued yet'));
  }

  /** The track's folder in the episode's rendition, and its uploaded file when it was never processed. */
  private async removeFiles(row: EpisodeTrackRow): Promise<void> {
    const mediaDir = resolve(this.settings.mediaDir);
    const episode = await this.tracks.findEpisode(row.anime_id, row.number);
    if (episode) await rm(join(mediaDir, posix.dirname(episode.hls_path), TRACKS_FOLDER, row.id), { recursive: true, force: true });
    const upload = row.upload_key ? resolve(mediaDir, row.upload_key) : null;
    if (upload?.startsWith(mediaDir + sep)) await rm(upload, { force: true });
  }

  private async requireTitle(animeId: number): Promise<ManagedTitleRow> {
    const title = await this.sources.findTitle(animeId);
    if (!title) throw notFound(CATALOGUE_MESSAGES.animeNotFound);
    return title;
  }
}

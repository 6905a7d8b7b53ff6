import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type AuthenticatedUser,
  CATALOGUE_MESSAGES,
  EPISODE_UPLOAD_MESSAGES,
  type EpisodeManagement,
  type EpisodeSourceView,
  type EpisodeUploadSlot,
  ErrorCode,
  type ManagedEpisode,
} from '@portal/contracts';
import type { EpisodeMarkersRequest, EpisodePublishRequest, EpisodeSourceRegisterRequest, EpisodeUploadSlotRequest } from '@portal/contracts/schemas';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { CatalogueCacheInvalidator } from '../../cache/catalogue-cache-invalidator';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EpisodeTracksRepository } from '../tracks/episode-tracks.repository';
import { EpisodeSourcesRepository, type EpisodeSourceRow, type ManagedTitleRow } from './episode-sources.repository';
import { toManagedEpisode, toSourceView } from './episode-source.view';
import { EpisodeTranscodeQueue } from './episode-transcode.queue';

const conflict = (message: string) => RpcError.of(ErrorCode.Conflict, message);

/**
 * Uploaded episodes from the uploader's side (docs/media.md, «Uploading episodes»): the «Серии» screen,
 * the gateway's check before an upload and its registration after, cancel and retry of a transcode, and
 * publishing. Queue calls are made after the database's transaction, never inside it; a source whose
 * job was lost (Redis down at that moment) is queued again at the next boot (`requeueStranded`).
 */
@Injectable()
export class EpisodeUploadsService {
  constructor(
    private readonly sources: EpisodeSourcesRepository,
    private readonly queue: EpisodeTranscodeQueue,
    private readonly outbox: OutboxPublisher,
    private readonly cache: CatalogueCacheInvalidator,
    private readonly tracks: EpisodeTracksRepository,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async manage(animeId: number): Promise<EpisodeManagement> {
    const title = await this.requireTitle(animeId);
    const [episodes, sources] = await Promise.all([this.sources.listEpisodes(title.id), this.sources.listSources(title.id)]);
    return {
      animeId: title.id,
      title: title.title,
      episodeCount: title.episodes,
      episodes: episodes.map(toManagedEpisode),
      sources: sources.map(toSourceView),
    };
  }

  async slot({ animeId, number }: EpisodeUploadSlotRequest): Promise<EpisodeUploadSlot> {
    const title = await this.requireTitle(animeId);
    if (await this.sources.numberTaken(title.id, number)) throw conflict(EPISODE_UPLOAD_MESSAGES.duplicate(number));
    return { animeId: title.id, number, title: title.title };
  }

  async register(request: EpisodeSourceRegisterRequest, user: AuthenticatedUser): Promise<EpisodeSourceView> {
    const title = await this.requireTitle(request.animeId);
    const row = await this.sources.insertSource({
      id: randomUUID(),
      animeId: title.id,
      number: request.number,
      fileName: request.fileName,
      uploadKey: request.uploadKey,
      sizeBytes: request.sizeBytes,
      probe: request.probe,
      createdBy: user.id,
    });
    if (!row) throw conflict(EPISODE_UPLOAD_MESSAGES.duplicate(request.number));
    await this.enqueue(row);
    return toSourceView(row);
  }

  async cancel(id: string): Promise<EpisodeSourceView> {
    const row = await this.sources.cancel(id);
    if (!row) throw await this.refusal(id, EPISODE_UPLOAD_MESSAGES.notCancellable);
    await this.queue.discard(row.id, row.attempt).catch((error: unknown) => this.logger.warn({ err: error, sourceId: id }, 'transcode job not discarded'));
    return toSourceView(row);
  }

  async retry(id: string): Promise<EpisodeSourceView> {
    const row = await this.sources.requeue(id);
    if (row === 'taken') throw conflict(EPISODE_UPLOAD_MESSAGES.duplicate((await this.sources.findSource(id))?.number ?? 0));
    if (!row) throw await this.refusal(id, EPISODE_UPLOAD_MESSAGES.notRetryable);
    await this.enqueue(row);
    return toSourceView(row);
  }

  async publish({ animeId, number, published }: EpisodePublishRequest): Promise<ManagedEpisode> {
    const title = await this.requireTitle(animeId);
    let announced = false;
    const row = await this.sources.setPublished(title.id, number, published, async (manager, episode) => {
      // Its voice-overs become the episode's tracks (their teams the title's) with its first publication.
      await this.tracks.recordSourceTracks(manager, title.id, episode.number);
      await this.outbox.publish(manager, 'catalogue.episodes.added', { animeId: title.id, title: episode.animeTitle, episodes: [episode.number] });
      announced = true;
    });
    if (!row) throw RpcError.of(ErrorCode.NotFound, EPISODE_UPLOAD_MESSAGES.episodeNotFound);
    if (announced) this.outbox.afterCommit();
    await this.cache.invalidate();
    return toManagedEpisode(row);
  }

  async setMarkers({ animeId, number, opening, ending }: EpisodeMarkersRequest): Promise<ManagedEpisode> {
    const title = await this.requireTitle(animeId);
    const row = await this.sources.setMarkers(title.id, number, opening, ending);
    if (row === 'past-end') throw RpcError.of(ErrorCode.ValidationFailed, EPISODE_UPLOAD_MESSAGES.spanPastEnd);
    if (!row) throw RpcError.of(ErrorCode.NotFound, EPISODE_UPLOAD_MESSAGES.episodeNotFound);
    await this.cache.invalidate();
    return toManagedEpisode(row);
  }

  /** Sources left queued or transcoding with no job (Redis lost it, or was down when they were queued): their jobs again. */
  async requeueStranded(): Promise<number> {
    const stranded = await this.sources.inWork();
    for (const row of stranded) await this.queue.enqueue(row.id, row.attempt);
    return stranded.length;
  }

  /** A queue that does not answer leaves the source queued: the next boot's `requeueStranded` queues it. */
  private async enqueue(row: EpisodeSourceRow): Promise<void> {
    await this.queue.enqueue(row.id, row.attempt).catch((error: unknown) => this.logger.warn({ err: error, sourceId: row.id }, 'transcode not queued yet'));
  }

  private async refusal(id: string, message: string): Promise<RpcError> {
    return (await this.sources.findSource(id)) ? conflict(message) : RpcError.of(ErrorCode.NotFound, EPISODE_UPLOAD_MESSAGES.sourceNotFound);
  }

  private async requireTitle(animeId: number): Promise<ManagedTitleRow> {
    const title = await this.sources.findTitle(animeId);
    if (!title) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    return title;
  }
}

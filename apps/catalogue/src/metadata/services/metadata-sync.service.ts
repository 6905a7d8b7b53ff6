import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOGUE_MESSAGES, ErrorCode, GENERIC_MESSAGES, type MetadataSyncProgress } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AnimeRepository } from '../../anime/anime.repository';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { syncJobId, type SyncJobResult } from '../jobs/metadata-jobs';
import { MetadataQueue } from '../jobs/metadata.queue';
import { METADATA_MESSAGES } from '../metadata.messages';
import { MetadataRepository } from '../metadata.repository';
import { ShikimoriClient } from '../shikimori/shikimori.client';
import { ShikimoriBusyError, ShikimoriNotFoundError } from '../shikimori/shikimori.errors';
import { toImages } from '../shikimori/shikimori.mapper';
import { MetadataWrites } from './metadata-writes';

/** Above this many titles the jobs are added after the answer, so the caller's deadline is never at risk. */
const INLINE_ENQUEUE_LIMIT = 1000;
/** A direct call (image search) answers within the gateway's deadline (RPC_TIMEOUT_MS, 5 s): slot wait plus request. */
const DIRECT_CALL = { maxWaitMs: 2500, timeoutMs: 2000 };
const RECENT_FAILURES = 20;

/** What the admin screens ask of the metadata sync. */
@Injectable()
export class MetadataSyncService {
  constructor(
    private readonly queue: MetadataQueue,
    private readonly metadata: MetadataRepository,
    private readonly anime: AnimeRepository,
    private readonly writes: MetadataWrites,
    private readonly client: ShikimoriClient,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async sync(request: { shikimoriIds?: number[]; all?: boolean }): Promise<{ queued: number }> {
    const ids = request.all ? await this.metadata.allShikiIds() : (request.shikimoriIds ?? []);
    return { queued: await this.enqueue(ids) };
  }

  /** A sync for every title that has a Shikimori id and no poster. */
  async updatePosters(): Promise<{ queued: number }> {
    return { queued: await this.enqueue(await this.metadata.shikiIdsWithoutPoster()) };
  }

  /** Stores the title's Kodik id (the player) and syncs the title. */
  async parse(shikimoriId: number, kodikId: string | undefined): Promise<{ jobId: string }> {
    const animeIds = await this.metadata.animeIdsByShikiId(shikimoriId);
    if (animeIds.length === 0) throw RpcError.of(ErrorCode.NotFound, METADATA_MESSAGES.noTitleWithShikimoriId);
    if (kodikId !== undefined) {
      await this.writes.commit(async (write) => {
        for (const animeId of animeIds) await write.update(animeId, { kodik_id: kodikId });
      });
    }
    await this.queue.enqueueSync([shikimoriId]);
    return { jobId: syncJobId(shikimoriId) };
  }

  /** Shikimori's screenshots of a title, asked directly (within the shared budget), for choosing a background. */
  async searchImages(id: number): Promise<{ images: Array<{ original: string; preview: string }> }> {
    const row = await this.anime.findByIdOrShikiId(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    if (row.id_shiki === null) return { images: [] };
    try {
      const screenshots = await this.client.screenshots(row.id_shiki, DIRECT_CALL);
      return { images: toImages(screenshots, this.client.baseUrl) };
    } catch (error) {
      if (error instanceof ShikimoriNotFoundError) return { images: [] };
      if (error instanceof ShikimoriBusyError) {
        throw RpcError.of(ErrorCode.RateLimited, GENERIC_MESSAGES.rateLimited, { retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) });
      }
      this.logger.warn({ err: error, animeId: row.id }, 'shikimori screenshots failed');
      throw RpcError.of(ErrorCode.ServiceUnavailable, METADATA_MESSAGES.shikimoriUnavailable);
    }
  }

  async setBackground(actorId: string, id: number, backgroundUrl: string): Promise<{ jobId: string }> {
    const row = await this.anime.findById(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
    return { jobId: await this.queue.enqueueBackground({ animeId: row.id, backgroundUrl, actorId }) };
  }

  async progress(): Promise<MetadataSyncProgress> {
    const [counts, titles, failed, completed] = await Promise.all([
      this.queue.counts(),
      this.metadata.syncCounts(),
      this.queue.failed(RECENT_FAILURES),
      this.queue.completed(200),
    ]);
    // A title Shikimori does not have completes (retrying cannot help) but is a problem all the same.
    const notFound = completed.filter((job) => job.name === 'sync' && (job.returnvalue as SyncJobResult | null)?.result === 'not_found');
    const problems = [...failed.filter((job) => job.name === 'sync'), ...notFound].sort((a, b) => b.finishedOn - a.finishedOn).slice(0, RECENT_FAILURES);
    return {
      ...counts,
      syncedTitles: titles.synced,
      titlesWithShikimoriId: titles.withShikimoriId,
      recentFailures: problems.map((job) => ({
        jobId: job.id,
        shikimoriId: job.data.shikimoriId ?? 0,
        reason: job.failedReason ?? METADATA_MESSAGES.notFoundOnShikimori,
        attempts: job.attemptsMade,
      })),
    };
  }

  private async enqueue(ids: number[]): Promise<number> {
    if (ids.length <= INLINE_ENQUEUE_LIMIT) return this.queue.enqueueSync(ids);
    this.queue
      .enqueueSync(ids)
      .then((queued) => this.logger.info({ titles: ids.length, queued }, 'metadata sync queued'))
      .catch((error) => this.logger.error({ err: error }, 'queueing the metadata sync failed'));
    return ids.length;
  }
}

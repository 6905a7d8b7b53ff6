import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { AMV_MEDIA_FOLDER, AMV_UPLOAD_ID_PATTERN, QueueName } from '@portal/contracts';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { COMMUNITY_LOGGER } from '../../community.tokens';
import { AmvRepository } from '../amv.repository';
import { AMV_SETTINGS, type AmvSettings, type AmvTranscodeJobData, type AmvTranscodeJobResult } from './amv-transcode.job';
import { findFfmpeg, runFfmpeg } from '@portal/platform';

/**
 * Runs `community-amv-transcode`: ffmpeg turns an upload into HLS (H.264/AAC, 4-second segments) in
 * a scratch folder that is renamed into place whole, so a rendition is either complete or absent, and
 * a job run again finds it and only links it. Without ffmpeg the upload is served as it is.
 */
@Injectable()
export class AmvTranscodeWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker | undefined;
  private connection: Redis | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly amv: AmvRepository,
    @Inject(AMV_SETTINGS) private readonly settings: AmvSettings,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(COMMUNITY_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.connection = createRedisClient(this.options.url, { maxRetriesPerRequest: null });
    this.worker = new Worker(QueueName.CommunityAmvTranscode, (job: Job<AmvTranscodeJobData>) => this.process(job.data), {
      connection: this.connection,
      prefix: bullPrefix(this.options.keyPrefix),
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'amv transcode worker connection error'));
    this.worker.on('failed', (job, error) => this.logger.warn({ err: error, jobId: job?.id }, 'amv transcode job failed'));
  }

  async beforeApplicationShutdown() {
    this.stopping.abort();
    if (this.worker && this.connection) await closeWithConnection(this.worker, this.connection);
  }

  async process({ uploadId }: AmvTranscodeJobData): Promise<AmvTranscodeJobResult> {
    if (!AMV_UPLOAD_ID_PATTERN.test(uploadId)) throw new UnrecoverableError(`not an upload id: ${uploadId}`);
    if (!this.settings.transcode) return { result: 'skipped', reason: 'AMV_TRANSCODE=off' };
    const root = join(this.settings.mediaDir, AMV_MEDIA_FOLDER);
    const source = join(root, 'uploads', uploadId);
    if (!existsSync(source)) throw new UnrecoverableError(`upload ${uploadId} is not on disk`);
    const name = uploadId.replace(/\.(mp4|webm)$/, '');
    const hlsPath = `${AMV_MEDIA_FOLDER}/hls/${name}/index.m3u8`;
    const target = join(root, 'hls', name);
    if (existsSync(join(target, 'index.m3u8'))) return { result: 'existing', hlsPath, linked: await this.amv.setHls(uploadId, hlsPath) };
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) return { result: 'skipped', reason: 'no ffmpeg' };
    const scratch = join(root, 'hls', `.${name}-${randomUUID()}`);
    await mkdir(scratch, { recursive: true });
    try {
      await runFfmpeg(
        ffmpeg,
        [
          '-i',
          source,
          '-map',
          '0:v:0',
          '-map',
          '0:a:0?',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-g',
          '48',
          '-sc_threshold',
          '0',
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          '-ac',
          '2',
          '-f',
          'hls',
          '-hls_time',
          '4',
          '-hls_playlist_type',
          'vod',
          '-hls_segment_filename',
          join(scratch, 'segment-%03d.ts'),
          join(scratch, 'index.m3u8'),
        ],
        this.stopping.signal,
      );
      await rename(scratch, target).catch((error: NodeJS.ErrnoException) => {
        // Another run finished first: its rendition stands.
        if (!existsSync(join(target, 'index.m3u8'))) throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return { result: 'transcoded', hlsPath, linked: await this.amv.setHls(uploadId, hlsPath) };
  }
}

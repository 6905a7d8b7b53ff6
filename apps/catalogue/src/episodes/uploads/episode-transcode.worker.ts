import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { MEDIA_URL_PREFIX, QueueName } from '@portal/contracts';
import { createRedisClient, REDIS_OPTIONS, RedisLease, type RedisOptions, ResumableWorker } from '@portal/messaging';
import { type FfmpegTool, findFfmpeg } from '@portal/platform';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { EpisodeMarkersQueue } from '../markers/markers.queue';
import { type EpisodeSourceRow, EpisodeSourcesRepository } from './episode-sources.repository';
import type { EpisodeTranscodeJobData, EpisodeTranscodeJobResult } from './episode-transcode.job';
import { FfmpegAbortedError, FfmpegFailedError, runWithProgress } from './ffmpeg-progress';
import { alternateAudioOf, audioFolderOf, ladderFor, type LadderRung, MEDIA_PLAYLIST, transcodeArgs, videoFolderOf } from './hls-ladder';
import { MASTER_PLAYLIST, writeMasterPlaylist } from './hls-master-playlist';
import {
  jpegSize,
  playlistSeconds,
  spriteName,
  thumbnailArgs,
  thumbnailCues,
  thumbnailPlan,
  THUMBNAILS_FOLDER,
  THUMBNAILS_VTT,
  thumbnailsVtt,
  tileOf,
} from './seek-thumbnails';

/** Where renditions of uploaded episodes go under MEDIA_DIR: `episodes/<anime>/<number>/<source>-a<attempt>/`. */
export const EPISODES_MEDIA_FOLDER = 'episodes';
/**
 * One transcode of a source at a time in the cluster. A worker that dies loses the lease after this
 * long; a run that takes its stalled job over (BullMQ's lockDuration + stalledInterval) meanwhile waits for it.
 */
const LEASE_TTL_MS = 30_000;
/** How often a run waiting for a source's lease (a duplicate, or a dead worker's) tries again. */
const LEASE_RETRY_MS = 1000;
/**
 * Where the ladder's per cent ends; the seek thumbnails take the rest. Decoding the lowest rung for
 * them took about 1/80 of the ladder's CPU for a 1080p source (docs/media.md), more for a small one.
 */
const LADDER_PERCENT = 95;
/** The seek thumbnails' track inside a rendition folder. */
const THUMBNAILS_TRACK = `${THUMBNAILS_FOLDER}/${THUMBNAILS_VTT}`;

export const TRANSCODE_ERRORS = {
  noFfmpeg: 'На сервере нет ffmpeg',
  sourceMissing: 'Файл источника не найден',
  ffmpegFailed: 'ffmpeg не смог перекодировать файл',
  unexpected: 'Не удалось перекодировать файл',
} as const;

/** The transcode stopped for a reason outside the source (shutdown, lost lease): the job goes back to the queue. */
export class TranscodeInterruptedError extends Error {
  constructor(sourceId: string) {
    super(`transcode of ${sourceId} interrupted; it goes back to the queue`);
    this.name = 'TranscodeInterruptedError';
  }
}

/** Where a source's attempt lives on disk. */
interface RenditionPlace {
  /** The folder of the episode's renditions, absolute. */
  parent: string;
  /** The attempt's rendition folder, absolute. */
  target: string;
  /** Its master playlist, relative to MEDIA_DIR. */
  hlsPath: string;
  /** Its seek thumbnails' track, relative to MEDIA_DIR (when they were made). */
  thumbnailsPath: string;
}

/** The ffmpeg passes of one run: they stop together (cancel, shutdown, a lost lease) and fill one progress bar. */
interface EncodePasses {
  /**
   * Runs one pass, its per cent mapped onto `[from, to]` of the bar. 'cancelled' when a report found
   * the source stopped; TranscodeInterruptedError on shutdown or a lost lease; else ffmpeg's error.
   */
  run(args: string[], durationSeconds: number, from: number, to: number): Promise<'done' | 'cancelled'>;
  /** Stops listening for shutdown. */
  close(): void;
}

/**
 * Runs `catalogue-episode-transcode`: one ffmpeg pass turns an uploaded source into an HLS ladder
 * (hls-ladder.ts) with an audio rendition per audio stream, a second one makes its seek thumbnails
 * from the lowest rung (seek-thumbnails.ts), in a hidden scratch folder renamed into place whole, so
 * a rendition is complete or absent. A lease per source keeps a duplicate run (a
 * stalled job handed out again) from racing it; a dead worker's leftovers are removed by the next run.
 */
@Injectable()
export class EpisodeTranscodeWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs: ResumableWorker<EpisodeTranscodeJobData, EpisodeTranscodeJobResult>;
  private leaseConnection: Redis | undefined;

  constructor(
    private readonly sources: EpisodeSourcesRepository,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
    /** Queues the title's openings and endings found by ear once an episode is transcoded (absent: not queued). */
    @Optional() @Inject(EpisodeMarkersQueue) private readonly markers?: EpisodeMarkersQueue,
  ) {
    this.jobs = new ResumableWorker({
      queue: QueueName.CatalogueEpisodeTranscode,
      redis: options,
      logger,
      label: 'episode transcode',
      process: (data) => this.process(data),
      // Not the source's failure (shutdown, a lost lease): back to the queue without marking anything.
      interrupted: (error) => error instanceof TranscodeInterruptedError,
    });
  }

  onApplicationBootstrap() {
    this.jobs.start();
  }

  /** Stops a running ffmpeg; its job goes back to the queue for another replica (or this one's next start). */
  async beforeApplicationShutdown() {
    await this.jobs.close();
    await this.leaseConnection?.quit().catch(() => this.leaseConnection?.disconnect());
  }

  /**
   * Transcodes attempt `attempt` of a source. Skipped when it is no longer current (cancelled,
   * retried, done); UnrecoverableError, with the source marked failed, when the file cannot be
   * transcoded; TranscodeInterruptedError when shutdown stopped it.
   */
  async process({ sourceId, attempt }: EpisodeTranscodeJobData): Promise<EpisodeTranscodeJobResult> {
    const lease = new RedisLease(this.leaseRedis(), `${this.options.keyPrefix}catalogue:episode-transcode:${sourceId}`, LEASE_TTL_MS);
    await this.acquire(lease, sourceId);
    try {
      const source = await this.sources.startTranscode(sourceId, attempt);
      if (!source) return { result: 'skipped', reason: await this.whyNotCurrent(sourceId, attempt) };
      return await this.transcode(source, lease);
    } finally {
      await lease.release();
    }
  }

  private async transcode(source: EpisodeSourceRow, lease: RedisLease): Promise<EpisodeTranscodeJobResult> {
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) return this.failWith(source, TRANSCODE_ERRORS.noFfmpeg);
    const mediaDir = resolve(this.settings.mediaDir);
    const sourceFile = resolve(mediaDir, source.upload_key);
    if (!sourceFile.startsWith(mediaDir + sep) || !existsSync(sourceFile)) return this.failWith(source, TRANSCODE_ERRORS.sourceMissing);

    const place = this.placeOf(source);
    const rungs = ladderFor(source.width, source.height);
    await mkdir(place.parent, { recursive: true });
    await this.removeLeftovers(place.parent, source.id);
    // A run killed after its rename but before the row was updated: the rendition is there already.
    if (existsSync(join(place.target, MASTER_PLAYLIST))) return this.complete(source, place, rungs);

    const scratch = join(place.parent, `.${source.id}-a${source.attempt}-${randomBytes(4).toString('hex')}`);
    try {
      if ((await this.encode(ffmpeg, source, sourceFile, scratch, rungs, lease)) === 'cancelled') return { result: 'skipped', reason: 'cancelled' };
      await this.moveIntoPlace(scratch, place.target);
    } catch (error) {
      if (error instanceof TranscodeInterruptedError) throw error;
      this.logger.warn({ err: error, sourceId: source.id, attempt: source.attempt }, 'episode transcode failed');
      return this.failWith(source, this.reasonOf(error));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return this.complete(source, place, rungs);
  }

  /**
   * Runs ffmpeg into `scratch`, writes the master playlist there and makes the seek thumbnails,
   * reporting progress. 'cancelled' when a report finds the source stopped; TranscodeInterruptedError
   * on shutdown or a lost lease.
   */
  private async encode(
    ffmpeg: FfmpegTool,
    source: EpisodeSourceRow,
    sourceFile: string,
    scratch: string,
    rungs: LadderRung[],
    lease: RedisLease,
  ): Promise<'encoded' | 'cancelled'> {
    const folders = [...rungs.map(videoFolderOf), ...alternateAudioOf(source.audio_tracks).map(audioFolderOf)];
    await Promise.all(folders.map((folder) => mkdir(join(scratch, folder), { recursive: true })));
    const passes = this.passesOf(ffmpeg, source, lease);
    this.logger.info({ sourceId: source.id, attempt: source.attempt, rungs: rungs.map((rung) => rung.height) }, 'episode transcode started');
    try {
      const args = transcodeArgs({ source: sourceFile, outDir: scratch, rungs, audioTracks: source.audio_tracks, preset: this.settings.transcodePreset });
      if ((await passes.run(args, source.duration_seconds, 0, LADDER_PERCENT)) === 'cancelled') return 'cancelled';
      await writeMasterPlaylist(scratch, rungs, source.audio_tracks);
      return (await this.makeThumbnails(passes, source, scratch, rungs[0])) === 'cancelled' ? 'cancelled' : 'encoded';
    } finally {
      passes.close();
    }
  }

  /**
   * The seek thumbnails of the rendition in `scratch`, decoded from its lowest rung: sprites, then the
   * track (written last, so a track means complete sprites). Making them is no reason to fail the
   * episode: on any other error than a stop they are left out ('none') and the episode goes on.
   */
  private async makeThumbnails(passes: EncodePasses, source: EpisodeSourceRow, scratch: string, lowest: LadderRung): Promise<'made' | 'none' | 'cancelled'> {
    const folder = join(scratch, THUMBNAILS_FOLDER);
    const started = Date.now();
    try {
      const input = join(scratch, videoFolderOf(lowest), MEDIA_PLAYLIST);
      const plan = thumbnailPlan(source.duration_seconds, playlistSeconds(await readFile(input, 'utf8')));
      await mkdir(folder);
      if ((await passes.run(thumbnailArgs({ input, outDir: folder, plan }), source.duration_seconds, LADDER_PERCENT, 100)) === 'cancelled') return 'cancelled';
      // The thumbnails' height, as ffmpeg rounded it, from the size of what it wrote.
      const sprite = jpegSize(await readFile(join(folder, spriteName(1))));
      const tile = sprite ? tileOf(sprite, plan.layout) : null;
      if (!tile) throw new Error(`${spriteName(1)} is no JPEG of ${plan.layout.columns}×${plan.layout.rows} thumbnails: ${JSON.stringify(sprite)}`);
      const missing = Array.from({ length: plan.sprites }, (_, index) => spriteName(index + 1)).filter((name) => !existsSync(join(folder, name)));
      if (missing.length > 0) throw new Error(`ffmpeg made no ${missing.join(', ')}`);
      await writeFile(join(folder, THUMBNAILS_VTT), thumbnailsVtt(thumbnailCues(plan, tile)));
      this.logger.info(
        { sourceId: source.id, thumbnails: plan.count, intervalSeconds: plan.intervalSeconds, sprites: plan.sprites, ms: Date.now() - started },
        'episode seek thumbnails made',
      );
      return 'made';
    } catch (error) {
      if (error instanceof TranscodeInterruptedError) throw error;
      this.logger.warn({ err: error, sourceId: source.id, attempt: source.attempt }, 'episode seek thumbnails not made; the episode goes on without them');
      await rm(folder, { recursive: true, force: true });
      return 'none';
    }
  }

  /**
   * The passes of one run. They share a stop, aborted by shutdown, a lost lease or a report that finds
   * the source cancelled, and a bar that never goes back (a pass's first figures are below the last one's).
   */
  private passesOf(ffmpeg: FfmpegTool, source: EpisodeSourceRow, lease: RedisLease): EncodePasses {
    const stop = new AbortController();
    const stopOnShutdown = () => stop.abort();
    this.jobs.stopping.addEventListener('abort', stopOnShutdown, { once: true });
    if (this.jobs.stopping.aborted) stop.abort();
    let cancelled = false;
    let reporting: Promise<void> | undefined;
    let percentSoFar = 0;
    const report = (percent: number, etaSeconds: number | null) => {
      if (!lease.held) stop.abort();
      percentSoFar = Math.max(percentSoFar, percent);
      // A report still under way (a slow database) is not queued behind: the next one carries newer figures.
      if (reporting || stop.signal.aborted) return;
      reporting = this.sources
        .reportProgress(source.id, source.attempt, percentSoFar, etaSeconds)
        .then((current) => {
          if (current) return;
          cancelled = true;
          stop.abort();
        })
        .catch((error: unknown) => this.logger.warn({ err: error, sourceId: source.id }, 'episode transcode progress not recorded'))
        .finally(() => (reporting = undefined));
    };
    const run = async (args: string[], durationSeconds: number, from: number, to: number): Promise<'done' | 'cancelled'> => {
      const onProgress = (percent: number, etaSeconds: number | null) => report(from + ((to - from) * percent) / 100, etaSeconds);
      try {
        await runWithProgress(ffmpeg, args, { durationSeconds, signal: stop.signal, onProgress });
      } catch (error) {
        await reporting;
        if (cancelled) return 'cancelled';
        if (error instanceof FfmpegAbortedError || this.jobs.stopping.aborted || !lease.held) throw new TranscodeInterruptedError(source.id);
        throw error;
      }
      await reporting;
      return cancelled ? 'cancelled' : 'done';
    };
    return { run, close: () => this.jobs.stopping.removeEventListener('abort', stopOnShutdown) };
  }

  /** What the uploader reads: ffmpeg's last lines, or what else went wrong, without the server's paths. */
  private reasonOf(error: unknown): string {
    if (error instanceof FfmpegFailedError) return `${TRANSCODE_ERRORS.ffmpegFailed}: ${this.withoutMediaDir(error.tail) || `код выхода ${error.exitCode}`}`;
    return `${TRANSCODE_ERRORS.unexpected}: ${error instanceof Error ? this.withoutMediaDir(error.message) : String(error)}`;
  }

  /** Links the rendition to the episode; drops it when the attempt stopped being current meanwhile and nothing points to it. */
  private async complete(source: EpisodeSourceRow, place: RenditionPlace, rungs: LadderRung[]): Promise<EpisodeTranscodeJobResult> {
    const qualities = rungs.map((rung) => rung.height).sort((a, b) => a - b);
    const done = {
      hlsPath: place.hlsPath,
      hlsUrl: `${MEDIA_URL_PREFIX}${place.hlsPath}`,
      qualities,
      durationSeconds: source.duration_seconds,
      // The track is written after its sprites, and the rendition moved into place whole: there or not at all.
      thumbnailsPath: existsSync(join(place.target, THUMBNAILS_TRACK)) ? place.thumbnailsPath : null,
    };
    if (await this.sources.finish(source, done)) {
      this.logger.info({ sourceId: source.id, attempt: source.attempt, hlsPath: place.hlsPath }, 'episode transcoded');
      await this.markers?.enqueue(source.anime_id).catch((err: unknown) => this.logger.warn({ err, animeId: source.anime_id }, 'episode markers not queued'));
      return { result: 'transcoded', hlsPath: place.hlsPath, qualities };
    }
    const now = await this.sources.findSource(source.id);
    // The same attempt finished by another run points to this very folder; anything else leaves it orphaned.
    if (now?.hls_path !== place.hlsPath) await rm(place.target, { recursive: true, force: true });
    return { result: 'skipped', reason: now?.hls_path === place.hlsPath ? 'done' : await this.whyNotCurrent(source.id, source.attempt) };
  }

  /** Marks the attempt failed and ends the job without a queue retry: the uploader sees why and retries. */
  private async failWith(source: EpisodeSourceRow, reason: string): Promise<EpisodeTranscodeJobResult> {
    // Cancelled or retried meanwhile: the failure is no one's concern any more.
    if (!(await this.sources.fail(source.id, source.attempt, reason)))
      return { result: 'skipped', reason: await this.whyNotCurrent(source.id, source.attempt) };
    throw new UnrecoverableError(reason);
  }

  private placeOf(source: EpisodeSourceRow): RenditionPlace {
    const folder = `${EPISODES_MEDIA_FOLDER}/${source.anime_id}/${source.number}`;
    const name = `${source.id}-a${source.attempt}`;
    const parent = join(this.settings.mediaDir, folder);
    return { parent, target: join(parent, name), hlsPath: `${folder}/${name}/${MASTER_PLAYLIST}`, thumbnailsPath: `${folder}/${name}/${THUMBNAILS_TRACK}` };
  }

  /** Scratch folders of this source's earlier runs (killed workers); the lease says none of them is running. */
  private async removeLeftovers(parent: string, sourceId: string): Promise<void> {
    const entries = await readdir(parent);
    const leftovers = entries.filter((entry) => entry.startsWith(`.${sourceId}-`));
    await Promise.all(leftovers.map((entry) => rm(join(parent, entry), { recursive: true, force: true })));
  }

  /** The scratch folder becomes the rendition whole; a complete one already there stands and the scratch goes. */
  private async moveIntoPlace(scratch: string, target: string): Promise<void> {
    if (existsSync(join(target, MASTER_PLAYLIST))) {
      await rm(scratch, { recursive: true, force: true });
      return;
    }
    // Without a master playlist it is no rendition (nothing renames one into place unfinished).
    await rm(target, { recursive: true, force: true });
    await rename(scratch, target);
  }

  /** Waits for the source's lease: another run of it is under way, or a dead worker's lease has not lapsed yet. */
  private async acquire(lease: RedisLease, sourceId: string): Promise<void> {
    while (!(await lease.tryAcquire())) {
      try {
        await sleep(LEASE_RETRY_MS, undefined, { signal: this.jobs.stopping });
      } catch {
        throw new TranscodeInterruptedError(sourceId);
      }
    }
  }

  private async whyNotCurrent(sourceId: string, attempt: number): Promise<string> {
    const source = await this.sources.findSource(sourceId);
    if (!source) return 'deleted';
    if (source.attempt !== attempt) return 'superseded';
    if (source.state === 'ready') return 'done';
    return source.state;
  }

  /** ffmpeg's messages name files by their absolute paths; the uploader needs only the part under MEDIA_DIR. */
  private withoutMediaDir(text: string): string {
    return text.split(resolve(this.settings.mediaDir) + sep).join('');
  }

  private leaseRedis(): Redis {
    this.leaseConnection ??= createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
    return this.leaseConnection;
  }
}

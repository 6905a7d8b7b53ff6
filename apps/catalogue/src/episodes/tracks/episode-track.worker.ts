import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { QueueName } from '@portal/contracts';
import { REDIS_OPTIONS, type RedisOptions, ResumableWorker } from '@portal/messaging';
import { type FfmpegTool, findFfmpeg } from '@portal/platform';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { FfmpegFailedError, runWithProgress } from '../uploads/ffmpeg-progress';
import { MEDIA_PLAYLIST } from '../uploads/hls-ladder';
import { type MeasuredBitRates, measureMediaPlaylist } from '../uploads/hls-master-playlist';
import { EpisodeMasterService } from './episode-master.service';
import type { EpisodeTrackJobData, EpisodeTrackJobResult } from './episode-track.queue';
import { type EpisodeTrackRow, EpisodeTracksRepository, type TrackedEpisodeRow } from './episode-tracks.repository';
import {
  addedAudioArgs,
  SUBTITLE_FILE,
  subtitleArgs,
  subtitlePlaylist,
  subtitleTextAsUtf8,
  TRACKS_FOLDER,
  trackUriOf,
  withTimestampMap,
} from './track-encoding';

export const TRACK_ERRORS = {
  noFfmpeg: 'На сервере нет ffmpeg',
  fileMissing: 'Файл дорожки не найден',
  episodeMissing: 'Серия не найдена',
  ffmpegFailed: 'ffmpeg не смог обработать файл',
  unexpected: 'Не удалось обработать файл',
} as const;

/** What the processing of one track needs: the file, the episode, where its folders go. */
interface TrackWork {
  ffmpeg: FfmpegTool;
  track: EpisodeTrackRow;
  episode: TrackedEpisodeRow;
  upload: string;
  videoStartPts: number | null;
  scratch: string;
}

/**
 * Runs `catalogue-episode-tracks`: an added voice-over is encoded to AAC HLS, subtitles are converted
 * to WebVTT, into `tracks/<track id>/` of the episode's rendition (a hidden scratch folder renamed into
 * place whole); the video is not touched. The track is then ready and the master playlist revised. A
 * file ffmpeg cannot read fails the track with ffmpeg's reason. The uploaded file is deleted once processed.
 */
@Injectable()
export class EpisodeTrackWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly jobs: ResumableWorker<EpisodeTrackJobData, EpisodeTrackJobResult>;

  constructor(
    private readonly tracks: EpisodeTracksRepository,
    private readonly masters: EpisodeMasterService,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    @Inject(REDIS_OPTIONS) options: RedisOptions,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new ResumableWorker({
      queue: QueueName.CatalogueEpisodeTracks,
      redis: options,
      logger,
      label: 'episode track',
      process: (data) => this.process(data),
    });
  }

  onApplicationBootstrap() {
    this.jobs.start();
  }

  /** Stops a running ffmpeg; its job goes back to the queue. */
  async beforeApplicationShutdown() {
    await this.jobs.close();
  }

  async process({ trackId }: EpisodeTrackJobData): Promise<EpisodeTrackJobResult> {
    const track = await this.tracks.findTrack(trackId);
    if (!track || track.origin !== 'added') return { result: 'skipped', reason: 'removed' };
    if (track.state === 'failed') return { result: 'skipped', reason: 'failed' };
    // Ready, and here again: the master revision after it failed (the job's retry), so only that is left.
    if (track.state === 'ready') return { result: 'ready', revision: await this.masters.revise(track.anime_id, track.number) };
    return this.make(track);
  }

  private async make(track: EpisodeTrackRow): Promise<EpisodeTrackJobResult> {
    const mediaDir = resolve(this.settings.mediaDir);
    const upload = track.upload_key ? resolve(mediaDir, track.upload_key) : null;
    if (!upload || !upload.startsWith(mediaDir + sep) || !existsSync(upload)) return this.failWith(track, TRACK_ERRORS.fileMissing, null);
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) return this.failWith(track, TRACK_ERRORS.noFfmpeg, upload);
    const episode = await this.tracks.findEpisode(track.anime_id, track.number);
    if (!episode) return this.failWith(track, TRACK_ERRORS.episodeMissing, upload);

    const { folder, rendition } = await this.masters.renditionOf(episode);
    const parent = join(folder, TRACKS_FOLDER);
    const target = join(parent, track.id);
    await mkdir(parent, { recursive: true });
    await this.removeLeftovers(parent, track.id);
    const scratch = join(parent, `.${track.id}-${randomBytes(4).toString('hex')}`);
    let rates: MeasuredBitRates | null;
    try {
      await mkdir(scratch);
      const work: TrackWork = { ffmpeg, track, episode, upload, videoStartPts: rendition.videoStartPts, scratch };
      rates = track.kind === 'audio' ? await this.encodeAudio(work) : await this.convertSubtitles(work);
      await moveIntoPlace(scratch, target);
    } catch (error) {
      if (this.jobs.stopping.aborted) throw error;
      this.logger.warn({ err: error, trackId: track.id }, 'episode track not processed');
      return this.failWith(track, this.reasonOf(error), upload);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }

    if (!(await this.tracks.finishTrack(track.id, trackUriOf(track.id), rates))) {
      // Removed meanwhile (its files are no one's now), or finished by another run of the job (they are in use).
      if (!(await this.tracks.findTrack(track.id))) await rm(target, { recursive: true, force: true });
      return { result: 'skipped', reason: 'not processing' };
    }
    await rm(upload, { force: true });
    this.logger.info({ trackId: track.id, animeId: track.anime_id, number: track.number, kind: track.kind }, 'episode track ready');
    return { result: 'ready', revision: await this.masters.revise(track.anime_id, track.number) };
  }

  /** AAC HLS of the file's first audio stream, lined up with the video; its measured bit rates. */
  private async encodeAudio({ ffmpeg, episode, upload, videoStartPts, scratch }: TrackWork): Promise<MeasuredBitRates> {
    const durationSeconds = episode.duration_seconds;
    const args = addedAudioArgs({ input: upload, outDir: scratch, durationSeconds, videoStartPts });
    await this.ffmpeg(ffmpeg, args, durationSeconds);
    const { bandwidth, averageBandwidth } = await measureMediaPlaylist(join(scratch, MEDIA_PLAYLIST));
    return { bandwidth, averageBandwidth };
  }

  /** WebVTT tied to the video's clock, and its one-segment media playlist; subtitles have no bit rate worth measuring. */
  private async convertSubtitles({ ffmpeg, episode, upload, videoStartPts, scratch }: TrackWork): Promise<null> {
    const utf8 = subtitleTextAsUtf8(await readFile(upload));
    const input = utf8 ? join(scratch, `source${extname(upload)}`) : upload;
    if (utf8) await writeFile(input, utf8);
    const vtt = join(scratch, SUBTITLE_FILE);
    await this.ffmpeg(ffmpeg, subtitleArgs(input, vtt), episode.duration_seconds);
    if (utf8) await rm(input);
    await writeFile(vtt, withTimestampMap(await readFile(vtt, 'utf8'), videoStartPts));
    await writeFile(join(scratch, MEDIA_PLAYLIST), subtitlePlaylist(episode.duration_seconds));
    return null;
  }

  private ffmpeg(ffmpeg: FfmpegTool, args: string[], durationSeconds: number): Promise<void> {
    return runWithProgress(ffmpeg, args, { durationSeconds, signal: this.jobs.stopping, onProgress: () => undefined });
  }

  /** Marks the track failed (unless it was removed meanwhile) and deletes its uploaded file. */
  private async failWith(track: EpisodeTrackRow, reason: string, upload: string | null): Promise<EpisodeTrackJobResult> {
    const marked = await this.tracks.failTrack(track.id, reason);
    if (upload) await rm(upload, { force: true });
    return marked ? { result: 'failed', reason } : { result: 'skipped', reason: 'not processing' };
  }

  /** What the uploader reads: ffmpeg's last lines, or what else went wrong, without the server's paths. */
  private reasonOf(error: unknown): string {
    const withoutMediaDir = (text: string) => text.split(resolve(this.settings.mediaDir) + sep).join('');
    if (error instanceof FfmpegFailedError) return `${TRACK_ERRORS.ffmpegFailed}: ${withoutMediaDir(error.tail) || `код выхода ${error.exitCode}`}`;
    return `${TRACK_ERRORS.unexpected}: ${error instanceof Error ? withoutMediaDir(error.message) : String(error)}`;
  }

  /** Scratch folders of this track's earlier runs (killed workers: BullMQ hands a job out again only once its lock lapsed). */
  private async removeLeftovers(parent: string, trackId: string): Promise<void> {
    const leftovers = (await readdir(parent)).filter((entry) => entry.startsWith(`.${trackId}-`));
    await Promise.all(leftovers.map((entry) => rm(join(parent, entry), { recursive: true, force: true })));
  }
}

/** The scratch folder becomes the track's whole; one already there (another run of the job made it) stands. */
async function moveIntoPlace(scratch: string, target: string): Promise<void> {
  if (existsSync(join(target, MEDIA_PLAYLIST))) return;
  await rm(target, { recursive: true, force: true });
  await rename(scratch, target);
}

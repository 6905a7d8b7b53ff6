import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { setImmediate as breathe } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { type FfmpegTool, findFfmpeg } from '@portal/platform';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../episodes.settings';
import { type EpisodeSourceRow, EpisodeSourcesRepository } from '../uploads/episode-sources.repository';
import { type EpisodeFingerprint, fingerprintEpisode } from './audio-fingerprint';
import type { EpisodeMarkersJobResult } from './markers.queue';
import { sharedSpansSteps } from './shared-spans';

/** Fingerprints kept between runs, by source (a source's file never changes): a season uploaded one by one decodes each episode once. */
const CACHED_FINGERPRINTS = 200;

/** An uploaded episode of a title that can be compared: its ready source, with sound. */
export interface ComparableEpisode {
  number: number;
  manual: boolean;
  source: EpisodeSourceRow;
}

/**
 * Finds the openings and endings of a title's uploaded episodes by ear (docs/media.md, «Openings and
 * endings found by ear»): fingerprints of each episode's first and last part (audio-fingerprint.ts),
 * compared across the episodes (shared-spans.ts), stored as `detected` markers where no one corrected them.
 */
@Injectable()
export class MarkersDetectionService {
  private readonly cache = new Map<string, EpisodeFingerprint>();

  constructor(
    private readonly sources: EpisodeSourcesRepository,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  /** The title's uploaded episodes with a ready source that has sound (the newest ready source of each number). */
  async comparable(animeId: number): Promise<ComparableEpisode[]> {
    const [episodes, sources] = await Promise.all([this.sources.listEpisodes(animeId), this.sources.listSources(animeId)]);
    const ready = new Map<number, EpisodeSourceRow>();
    // Newest first: the first ready source of a number is the one its episode plays.
    for (const source of sources) if (source.state === 'ready' && !ready.has(source.number)) ready.set(source.number, source);
    return episodes.flatMap((episode) => {
      const source = ready.get(episode.number);
      if (episode.origin !== 'upload' || !source || source.audio_tracks.length === 0) return [];
      return [{ number: episode.number, manual: episode.markers_origin === 'manual', source }];
    });
  }

  /**
   * Detects and stores the title's markers. Needs two episodes that could be fingerprinted; a file
   * that cannot be (missing, no sound ffmpeg reads) is left out and logged. Episodes where nothing was
   * found, and those corrected by hand, are not written. Rejects only when the database does, or when
   * `signal` stops it.
   */
  async detect(animeId: number, signal?: AbortSignal): Promise<EpisodeMarkersJobResult & { considered: string[] }> {
    const episodes = await this.comparable(animeId);
    const considered = episodes.map((episode) => episode.source.id);
    if (episodes.length < 2) return { result: 'skipped', reason: 'fewer than two episodes', considered };
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) {
      this.logger.warn({ animeId }, 'episode markers not detected: no ffmpeg');
      return { result: 'skipped', reason: 'no ffmpeg', considered };
    }

    const started = Date.now();
    const printed: Array<{ number: number; manual: boolean; fingerprint: EpisodeFingerprint }> = [];
    for (const episode of episodes) {
      const fingerprint = await this.fingerprintOf(ffmpeg, episode, signal);
      if (fingerprint) printed.push({ number: episode.number, manual: episode.manual, fingerprint });
    }
    if (printed.length < 2) return { result: 'skipped', reason: 'fewer than two episodes', considered };

    const steps = sharedSpansSteps(printed);
    let step = steps.next();
    while (!step.done) {
      signal?.throwIfAborted();
      await breathe();
      step = steps.next();
    }
    const manual = new Set(printed.filter((episode) => episode.manual).map((episode) => episode.number));
    const found = step.value.filter((markers) => !manual.has(markers.number) && (markers.opening || markers.ending));
    const written = found.length > 0 ? await this.sources.storeDetectedMarkers(animeId, found) : [];
    const compared = printed.map((episode) => episode.number);
    this.logger.info({ animeId, compared, written, found, ms: Date.now() - started }, 'episode markers detected');
    return { result: 'detected', compared, written, considered };
  }

  /** The episode's fingerprint, from the cache or its source file; null (logged) when the file cannot give one. */
  private async fingerprintOf(ffmpeg: FfmpegTool, episode: ComparableEpisode, signal: AbortSignal | undefined): Promise<EpisodeFingerprint | null> {
    const { source } = episode;
    const cached = this.cache.get(source.id);
    if (cached) return cached;
    const mediaDir = resolve(this.settings.mediaDir);
    const file = resolve(mediaDir, source.upload_key);
    if (!file.startsWith(mediaDir + sep) || !existsSync(file)) {
      this.logger.warn({ sourceId: source.id, number: episode.number }, 'episode markers: source file not found, episode left out');
      return null;
    }
    try {
      const fingerprint = await fingerprintEpisode(ffmpeg, file, source.duration_seconds, signal);
      this.cache.set(source.id, fingerprint);
      if (this.cache.size > CACHED_FINGERPRINTS) this.cache.delete(this.cache.keys().next().value as string);
      return fingerprint;
    } catch (error) {
      signal?.throwIfAborted();
      this.logger.warn({ err: error, sourceId: source.id, number: episode.number }, 'episode markers: sound not fingerprinted, episode left out');
      return null;
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MEDIA_URL_PREFIX } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { CatalogueCacheInvalidator } from '../../cache/catalogue-cache-invalidator';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import type { SampleManifestEpisode } from '../dtos/sample-manifest.schema';
import { type EpisodeRow, EpisodesRepository } from '../episodes.repository';
import { SampleManifestReader } from './sample-manifest.reader';

export interface EpisodesLinkReport {
  /** `unchanged`: the rows already matched this manifest; `missing`: no manifest, no sample rows kept. */
  state: 'linked' | 'unchanged' | 'missing' | 'invalid';
  manifestPath: string;
  /** Sample episodes in the catalogue after the run. */
  episodes: number;
  removed: number;
  /** Titles of the manifest the catalogue does not have (yet): their rows wait for them. */
  unknownAnimeIds: number[];
  reason?: string;
}

const toRow = (episode: SampleManifestEpisode): EpisodeRow => ({
  anime_id: episode.animeId,
  number: episode.number,
  title: episode.title,
  duration_seconds: episode.durationSeconds,
  hls_url: `${MEDIA_URL_PREFIX}${episode.master}`,
  qualities: episode.qualities,
  opening_start: episode.opening?.start ?? null,
  opening_end: episode.opening?.end ?? null,
  ending_start: episode.ending?.start ?? null,
  ending_end: episode.ending?.end ?? null,
});

/**
 * Keeps the sample episodes in the catalogue equal to the manifest `npm run media:samples` wrote:
 * run by that command (through the catalogue CLI) and at every boot, where it writes only when the
 * manifest changed. Without a manifest the sample rows go, so no title offers files that are gone.
 */
@Injectable()
export class EpisodesLinkService {
  constructor(
    private readonly reader: SampleManifestReader,
    private readonly episodes: EpisodesRepository,
    private readonly cache: CatalogueCacheInvalidator,
    private readonly outbox: OutboxPublisher,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async link({ force = false }: { force?: boolean } = {}): Promise<EpisodesLinkReport> {
    const read = await this.reader.read();
    const versions = await this.episodes.samplesVersions();
    if (read.state === 'invalid') {
      // A broken manifest changes nothing: the rows of the last good one stay.
      return { state: 'invalid', manifestPath: read.path, episodes: 0, removed: 0, unknownAnimeIds: [], reason: read.reason };
    }
    if (read.state === 'missing') {
      const { removed } = versions.length > 0 ? await this.episodes.replaceSamples([], '') : { removed: 0 };
      if (removed > 0) await this.cache.invalidate();
      return { state: 'missing', manifestPath: read.path, episodes: 0, removed, unknownAnimeIds: [] };
    }
    const { manifest, hash } = read;
    const animeIds = [...new Set(manifest.episodes.map((episode) => episode.animeId))];
    const known = await this.episodes.existingAnimeIds(animeIds);
    const report = { manifestPath: read.path, episodes: manifest.episodes.length, unknownAnimeIds: animeIds.filter((id) => !known.has(id)) };
    const current = manifest.episodes.length === 0 ? versions.length === 0 : versions.length === 1 && versions[0] === hash;
    if (current && !force) return { state: 'unchanged', removed: 0, ...report };

    // New episodes are announced (`catalogue.episodes.added`: the community's automatic news) in the
    // transaction that writes them, so an event exists exactly when the rows do.
    let announced = false;
    const { written, removed } = await this.episodes.replaceSamples(manifest.episodes.map(toRow), hash, async (manager, added) => {
      for (const { animeId, title, episodes } of added) await this.outbox.publish(manager, 'catalogue.episodes.added', { animeId, title, episodes });
      announced = added.length > 0;
    });
    if (announced) this.outbox.afterCommit();
    await this.cache.invalidate();
    this.logger.info({ written, removed, manifest: read.path }, 'sample episodes linked');
    return { state: 'linked', removed, ...report, episodes: written };
  }
}

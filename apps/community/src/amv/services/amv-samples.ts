import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { AMV_MEDIA_FOLDER, AMV_UPLOAD_ID_PATTERN, amvLetterOf } from '@portal/contracts';
import { COMMUNITY_LOGGER } from '../../community.tokens';
import { normalizeSearch } from '../amv-view';
import { AmvRepository } from '../amv.repository';
import { AMV_SETTINGS, type AmvSettings } from '../jobs/amv-transcode.job';
import { AmvTranscodeQueue } from '../jobs/amv-transcode.queue';

/** MEDIA_DIR/amv/samples.json as scripts/lib/samples-amv.mjs writes it. */
interface SampleManifest {
  version: number;
  clips: Array<{
    id: string;
    uploadId: string;
    title: string;
    author: string;
    musicArtist: string | null;
    musicTrack: string | null;
    tags: string[];
    durationSeconds: number;
  }>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Registers the sample AMVs of the ffmpeg sample generator at boot, so a fresh portal has clips to
 * play: fixed ids, each registered once per database (every replica may run it; an admin's edit or
 * delete of a sample stays, a deleted one does not come back).
 */
@Injectable()
export class AmvSamples implements OnApplicationBootstrap {
  constructor(
    private readonly amv: AmvRepository,
    private readonly transcoder: AmvTranscodeQueue,
    @Inject(AMV_SETTINGS) private readonly settings: AmvSettings,
    @Inject(COMMUNITY_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    await this.register().catch((error: unknown) => this.logger.warn({ err: error }, 'sample AMVs not registered'));
  }

  /** Answers how many were added. */
  async register(): Promise<number> {
    const root = join(this.settings.mediaDir, AMV_MEDIA_FOLDER);
    let manifest: SampleManifest;
    try {
      manifest = JSON.parse(await readFile(join(root, 'samples.json'), 'utf8')) as SampleManifest;
    } catch {
      return 0;
    }
    let added = 0;
    for (const clip of manifest.clips ?? []) {
      if (!UUID.test(clip.id) || !AMV_UPLOAD_ID_PATTERN.test(clip.uploadId) || !existsSync(join(root, 'uploads', clip.uploadId))) continue;
      const inserted = await this.amv.transaction((manager) =>
        this.amv.insertSample(manager, clip.id, {
          title: clip.title,
          sortTitle: clip.title.toLowerCase().replace(/ё/g, 'е'),
          letter: amvLetterOf(clip.title),
          author: clip.author,
          animeIds: [],
          musicArtist: clip.musicArtist,
          musicTrack: clip.musicTrack,
          durationSeconds: clip.durationSeconds,
          tags: clip.tags,
          uploadId: clip.uploadId,
          embedUrl: null,
          searchText: normalizeSearch([clip.title, clip.author, clip.musicArtist, clip.musicTrack, ...clip.tags].filter(Boolean).join(' ')),
        }),
      );
      if (!inserted) continue;
      added += 1;
      if (this.settings.transcode) await this.transcoder.enqueue(clip.uploadId);
    }
    if (added) this.logger.info({ added }, 'sample AMVs registered');
    return added;
  }
}

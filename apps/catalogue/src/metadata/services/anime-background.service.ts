import { Injectable } from '@nestjs/common';
import type { BackgroundJobData, BackgroundJobResult } from '../jobs/metadata-jobs';
import { MetadataWrites } from './metadata-writes';

/** The `background` job: sets the background image an admin chose (among its Shikimori screenshots, say) and records it for the audit log. */
@Injectable()
export class AnimeBackgroundService {
  constructor(private readonly writes: MetadataWrites) {}

  async set({ animeId, backgroundUrl, actorId }: BackgroundJobData): Promise<BackgroundJobResult> {
    const updated = await this.writes.commit((write) => write.updateAsAdmin(actorId, 'poster', animeId, { background: backgroundUrl }));
    return { result: updated ? 'updated' : 'not_found', animeId };
  }
}

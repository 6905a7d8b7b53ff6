import { Injectable } from '@nestjs/common';
import type { BackgroundJobResult } from '../jobs/metadata-jobs';
import { MetadataWrites } from './metadata-writes';

/** The `background` job: sets a title's background image (chosen among its Shikimori screenshots, say). */
@Injectable()
export class AnimeBackgroundService {
  constructor(private readonly writes: MetadataWrites) {}

  async set(animeId: number, backgroundUrl: string): Promise<BackgroundJobResult> {
    const updated = await this.writes.commit((write) => write.update(animeId, { background: backgroundUrl }));
    return { result: updated ? 'updated' : 'not_found', animeId };
  }
}

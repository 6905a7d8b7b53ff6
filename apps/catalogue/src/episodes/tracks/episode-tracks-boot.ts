import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EpisodeTracksService } from './episode-tracks.service';

/** At boot, added tracks still processing get their job again (a no-op for those whose job is there). Never fatal. */
@Injectable()
export class EpisodeTracksBoot implements OnApplicationBootstrap {
  constructor(
    private readonly tracks: EpisodeTracksService,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    try {
      const queued = await this.tracks.requeueStranded();
      if (queued > 0) this.logger.info({ queued }, 'episode tracks in work queued again');
    } catch (error) {
      this.logger.warn({ err: error }, 'episode tracks in work not queued again');
    }
  }
}

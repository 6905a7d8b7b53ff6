import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOGUE_LOGGER } from '../../catalogue.tokens';
import { EpisodeUploadsService } from './episode-uploads.service';

/** At boot, sources still queued or transcoding get their job again (a no-op for those whose job is there). Never fatal. */
@Injectable()
export class EpisodeTranscodeBoot implements OnApplicationBootstrap {
  constructor(
    private readonly uploads: EpisodeUploadsService,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    try {
      const queued = await this.uploads.requeueStranded();
      if (queued > 0) this.logger.info({ queued }, 'episode transcodes in work queued again');
    } catch (error) {
      this.logger.warn({ err: error }, 'episode transcodes in work not queued again');
    }
  }
}

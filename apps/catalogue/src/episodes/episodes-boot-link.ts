import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { CATALOGUE_LOGGER } from '../catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from './episodes.settings';
import { EpisodesLinkService } from './services/episodes-link.service';

/**
 * Samples made while the catalogue was down (or by `npm start` before it) are linked at boot. A
 * failure here is logged, never fatal: the catalogue is useful without episodes.
 */
@Injectable()
export class EpisodesBootLink implements OnApplicationBootstrap {
  constructor(
    private readonly link: EpisodesLinkService,
    @Inject(EPISODES_SETTINGS) private readonly settings: EpisodesSettings,
    @Inject(CATALOGUE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    if (!this.settings.linkOnBoot) return;
    try {
      const report = await this.link.link();
      if (report.state === 'invalid') this.logger.warn({ manifest: report.manifestPath, reason: report.reason }, 'sample manifest ignored');
    } catch (error) {
      this.logger.warn({ err: error }, 'sample episodes not linked');
    }
  }
}

import { Controller } from '@nestjs/common';
import type { StatsQuery } from '@portal/contracts';
import { STATS_OPERATIONS } from '@portal/contracts/operations';
import { HandlesOperation, Input } from '@portal/platform';
import { SiteStatsService } from './services/site-stats.service';

/** The site statistics (docs/moderation.md, «Statistics»); admins only (STATS_OPERATIONS). */
@Controller()
export class StatsMessageController {
  constructor(private readonly stats: SiteStatsService) {}

  @HandlesOperation(STATS_OPERATIONS.get)
  get(@Input() query: StatsQuery) {
    return this.stats.get(query);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { statsQuerySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { SiteStatsService } from './services/site-stats.service';

/** The site statistics (docs/moderation.md, «Statistics»); admins only, asked of auth again. */
@Controller()
export class StatsMessageController {
  constructor(private readonly stats: SiteStatsService) {}

  @MessagePattern('moderation.stats.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.stats.get(meta.user, validatePayload(statsQuerySchema, data), meta);
  }
}

import { Controller } from '@nestjs/common';
import { ONLINE_OPERATIONS, PRESENCE_OPERATIONS } from '@portal/contracts/operations';
import type { OnlineUsersQuery, PresenceGatewayRequest, PresenceReportRequest, PresenceStatsForRequest } from '@portal/contracts/schemas';
import { HandlesOperation, Input } from '@portal/platform';
import { PresenceService } from './services/presence.service';

/** Online presence for the gateways: their reports, a newcomer's first numbers, the list of names. */
@Controller()
export class PresenceMessageController {
  constructor(private readonly presence: PresenceService) {}

  @HandlesOperation(PRESENCE_OPERATIONS.report)
  report(@Input() { gatewayId, snapshot }: PresenceReportRequest) {
    return this.presence.report(gatewayId, snapshot);
  }

  @HandlesOperation(PRESENCE_OPERATIONS.statsFor)
  statsFor(@Input() { visitor }: PresenceStatsForRequest) {
    return this.presence.statsFor(visitor);
  }

  @HandlesOperation(ONLINE_OPERATIONS.users)
  users(@Input() { offset, limit }: OnlineUsersQuery) {
    return this.presence.page(offset, limit);
  }

  @HandlesOperation(PRESENCE_OPERATIONS.leave)
  async leave(@Input() { gatewayId }: PresenceGatewayRequest) {
    await this.presence.leave(gatewayId);
    return { ok: true as const };
  }
}

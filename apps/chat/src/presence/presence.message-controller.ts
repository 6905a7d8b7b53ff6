import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { ONLINE_OPERATIONS } from '@portal/contracts/operations';
import { type OnlineUsersQuery, presenceGatewaySchema, presenceReportSchema, presenceStatsForSchema } from '@portal/contracts/schemas';
import { HandlesOperation, Input, validatePayload } from '@portal/platform';
import { PresenceService } from './services/presence.service';

/** Online presence for the gateways: their reports, a newcomer's first numbers, the list of names. */
@Controller()
export class PresenceMessageController {
  constructor(private readonly presence: PresenceService) {}

  @MessagePattern('chat.presence.report')
  report(@Payload() { data }: RpcRequest<unknown>) {
    const { gatewayId, snapshot } = validatePayload(presenceReportSchema, data);
    return this.presence.report(gatewayId, snapshot);
  }

  @MessagePattern('chat.presence.stats-for')
  statsFor(@Payload() { data }: RpcRequest<unknown>) {
    return this.presence.statsFor(validatePayload(presenceStatsForSchema, data).visitor);
  }

  @HandlesOperation(ONLINE_OPERATIONS.users)
  users(@Input() { offset, limit }: OnlineUsersQuery) {
    return this.presence.page(offset, limit);
  }

  @MessagePattern('chat.presence.leave')
  async leave(@Payload() { data }: RpcRequest<unknown>) {
    await this.presence.leave(validatePayload(presenceGatewaySchema, data).gatewayId);
    return { ok: true as const };
  }
}

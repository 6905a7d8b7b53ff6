import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { pointsHistorySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { PointsService } from './points.service';

@Controller()
export class PointsMessageController {
  constructor(private readonly points: PointsService) {}

  @MessagePattern('rewards.points.get')
  balance(@Payload() { data }: RpcRequest<unknown>) {
    return this.points.balance(validatePayload(pointsHistorySchema, data));
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { rewardsUserSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { AchievementsService } from './achievements.service';

@Controller()
export class AchievementsMessageController {
  constructor(private readonly achievements: AchievementsService) {}

  @MessagePattern('rewards.achievements.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    return this.achievements.list(validatePayload(rewardsUserSchema, data).userId);
  }
}

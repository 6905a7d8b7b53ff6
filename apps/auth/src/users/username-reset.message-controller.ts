import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { userSanctionRequestSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { UsernameResetService } from './services/username-reset.service';

@Controller()
export class UsernameResetMessageController {
  constructor(private readonly resets: UsernameResetService) {}

  @MessagePattern('auth.user.reset-username')
  reset(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.resets.reset(meta.user?.id, validatePayload(userSanctionRequestSchema, data).userId);
  }
}

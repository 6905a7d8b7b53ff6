import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuthProviders, RpcRequest } from '@portal/contracts';
import { vkCallbackRequestSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { TelegramVerificationService } from '../telegram/services/telegram-verification.service';
import { VkSignInService } from './services/vk-sign-in.service';

/** VK ID sign-in as the gateway asks for it, and which providers are on. */
@Controller()
export class VkMessageController {
  constructor(
    private readonly vk: VkSignInService,
    private readonly telegram: TelegramVerificationService,
  ) {}

  @MessagePattern('auth.providers.get')
  providers(): AuthProviders {
    return { vk: this.vk.enabled, telegram: this.telegram.required };
  }

  @MessagePattern('auth.vk.start')
  start() {
    return this.vk.start();
  }

  @MessagePattern('auth.vk.complete')
  complete(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.vk.complete(validatePayload(vkCallbackRequestSchema, data), meta.user);
  }
}

import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, AuthProviders } from '@portal/contracts';
import { SESSION_OPERATIONS } from '@portal/contracts/operations';
import type { VkCallbackRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { TelegramVerificationService } from '../telegram/services/telegram-verification.service';
import { VkSignInService } from './services/vk-sign-in.service';

/** VK ID sign-in as the gateway asks for it, and which providers are on. */
@Controller()
export class VkMessageController {
  constructor(
    private readonly vk: VkSignInService,
    private readonly telegram: TelegramVerificationService,
  ) {}

  @HandlesOperation(SESSION_OPERATIONS.providers)
  providers(): AuthProviders {
    return { vk: this.vk.enabled, telegram: this.telegram.required };
  }

  @HandlesOperation(SESSION_OPERATIONS.vkStart)
  start() {
    return this.vk.start();
  }

  /** Signed in, the caller links VK to their account. */
  @HandlesOperation(SESSION_OPERATIONS.vkComplete)
  complete(@Input() request: VkCallbackRequest, @Caller() user: AuthenticatedUser | undefined) {
    return this.vk.complete(request, user);
  }
}

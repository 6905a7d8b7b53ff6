import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { telegramCheckSessionSchema, telegramNoticesSchema, telegramWebhookRequestSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { TelegramNoticesSettingsService } from './notices/telegram-notices-settings.service';
import { TelegramChannelService } from './services/telegram-channel.service';
import { TelegramVerificationService } from './services/telegram-verification.service';

/** The Telegram channel check as the gateway asks for it; off (required: false) when the bot is not configured. */
@Controller()
export class TelegramMessageController {
  constructor(
    private readonly channel: TelegramChannelService,
    private readonly verification: TelegramVerificationService,
    private readonly noticesSettings: TelegramNoticesSettingsService,
  ) {}

  @MessagePattern('auth.telegram.channel-info')
  channelInfo() {
    return this.channel.info();
  }

  @MessagePattern('auth.telegram.session.create')
  createSession() {
    return this.verification.createSession();
  }

  @MessagePattern('auth.telegram.session.check')
  checkSession(@Payload() { data }: RpcRequest<unknown>) {
    return this.verification.checkSession(validatePayload(telegramCheckSessionSchema, data).sessionToken);
  }

  @MessagePattern('auth.telegram.notices.set')
  setNotices(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.noticesSettings.set(meta.user?.id, validatePayload(telegramNoticesSchema, data).enabled);
  }

  @MessagePattern('auth.telegram.webhook')
  webhook(@Payload() { data }: RpcRequest<unknown>) {
    return this.verification.receiveWebhook(validatePayload(telegramWebhookRequestSchema, data));
  }
}

import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { TELEGRAM_OPERATIONS } from '@portal/contracts/operations';
import type { TelegramWebhookRequest } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
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

  @HandlesOperation(TELEGRAM_OPERATIONS.channelInfo)
  channelInfo() {
    return this.channel.info();
  }

  @HandlesOperation(TELEGRAM_OPERATIONS.createSession)
  createSession() {
    return this.verification.createSession();
  }

  @HandlesOperation(TELEGRAM_OPERATIONS.checkSession)
  checkSession(@Input() { sessionToken }: { sessionToken: string }) {
    return this.verification.checkSession(sessionToken);
  }

  @HandlesOperation(TELEGRAM_OPERATIONS.notices)
  setNotices(@Input() { enabled }: { enabled: boolean }, @Caller() user: AuthenticatedUser) {
    return this.noticesSettings.set(user.id, enabled);
  }

  @HandlesOperation(TELEGRAM_OPERATIONS.webhook)
  webhook(@Input() request: TelegramWebhookRequest) {
    return this.verification.receiveWebhook(request);
  }
}

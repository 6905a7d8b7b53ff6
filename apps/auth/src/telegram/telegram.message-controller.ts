import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { TelegramChannelInfo } from '@portal/contracts';

/**
 * Whether registration requires a Telegram channel subscription. The bot flow is not built yet,
 * so the requirement is off and clients hide the widget.
 */
@Controller()
export class TelegramMessageController {
  @MessagePattern('auth.telegram.channel-info')
  channelInfo(): TelegramChannelInfo {
    return { required: false, channel: null };
  }
}

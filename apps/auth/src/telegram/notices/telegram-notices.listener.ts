import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { UsersRepository } from '../../users/users.repository';
import { TELEGRAM_SETTINGS, type TelegramSettings } from '../telegram.settings';
import { TelegramNoticesQueue } from './telegram-notices.queue';

/**
 * A community notification becomes a Telegram notice for a user who linked Telegram at sign-up and
 * opted in. The job id is the event's, so a redelivered event queues nothing twice. The add runs
 * before the event's transaction, never inside it (docs/architecture.md, «No remote call inside a transaction»).
 */
@Injectable()
export class TelegramNoticesListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly users: UsersRepository,
    private readonly notices: TelegramNoticesQueue,
    @Inject(TELEGRAM_SETTINGS) private readonly settings: TelegramSettings | null,
  ) {}

  onModuleInit() {
    this.consumer.on('community.notification.created', {
      prepare: async (event) => {
        if (!this.settings) return;
        const user = await this.users.findById(event.userId);
        if (!user?.telegramNotices || !user.telegramUserId) return;
        await this.notices.enqueue(event.eventId, { chatId: user.telegramUserId, text: event.text });
      },
    });
  }
}

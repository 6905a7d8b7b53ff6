import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { NotificationsService } from '../notifications/notifications.service';

/** Tells a user an admin warned, banned, muted or renamed them (docs/moderation.md, «Bans»); once per event. */
@Injectable()
export class UserSanctionedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.consumer.on('moderation.user.sanctioned', async ({ userId, sanction }, manager) => {
      await this.notifications.notify(manager, { userId, kind: 'user.sanctioned', target: { type: 'sanction', ...sanction } });
    });
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { NotificationsService } from '../notifications/notifications.service';

/**
 * Tells each reporter of a case how an admin decided it (docs/moderation.md). Once per event: the
 * consumer records the eventId in the same transaction as the notifications.
 */
@Injectable()
export class ReportDecidedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.consumer.on('moderation.report.decided', async ({ caseId, target, action, contentDeleted, reporterIds }, manager) => {
      for (const userId of reporterIds) {
        await this.notifications.notify(manager, {
          userId,
          kind: 'report.decided',
          target: { type: 'report', caseId, targetType: target.type, action, contentDeleted },
        });
      }
    });
  }
}

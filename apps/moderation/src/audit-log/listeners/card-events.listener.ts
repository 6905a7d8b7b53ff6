import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { AuditLogRepository } from '../audit-log.repository';

/** Records the admins' card changes of the rewards service (docs/rewards.md, «Карточки»): who, which card, before and after. */
@Injectable()
export class CardEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly auditLog: AuditLogRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('rewards.card.changed', ({ eventId, occurredAt, cardId, actorId, action, before, after }, manager) =>
      this.auditLog.record(manager, {
        eventId,
        eventName: 'rewards.card.changed',
        subjectUserId: null,
        actorId,
        details: { cardId, action, before, after },
        occurredAt: new Date(occurredAt),
      }),
    );
  }
}

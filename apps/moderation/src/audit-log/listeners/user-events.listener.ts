import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { AuditLogRepository } from '../audit-log.repository';

/** Records account events from the auth service in the audit log. */
@Injectable()
export class UserEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly auditLog: AuditLogRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('auth.user.registered', (event, manager) =>
      this.auditLog.record(manager, {
        eventId: event.eventId,
        eventName: 'auth.user.registered',
        subjectUserId: event.userId,
        details: { username: event.username },
        occurredAt: new Date(event.occurredAt),
      }),
    );
    this.consumer.on('auth.user.updated', (event, manager) =>
      this.auditLog.record(manager, {
        eventId: event.eventId,
        eventName: 'auth.user.updated',
        subjectUserId: event.userId,
        details: { changedFields: event.changedFields },
        occurredAt: new Date(event.occurredAt),
      }),
    );
  }
}

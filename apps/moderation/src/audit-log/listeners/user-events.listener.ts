import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { StatsRepository } from '../../stats/stats.repository';
import { AuditLogRepository } from '../audit-log.repository';

/** Records account events from the auth service in the audit log. */
@Injectable()
export class UserEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly auditLog: AuditLogRepository,
    private readonly stats: StatsRepository,
  ) {}

  onModuleInit() {
    // Recorded, and counted for the site statistics, in the one transaction of this event.
    this.consumer.on('auth.user.registered', async ({ eventId, occurredAt, userId, username }, manager) => {
      await this.auditLog.record(manager, this.entry('auth.user.registered', eventId, occurredAt, userId, { username }));
      await this.stats.increment(manager, 'registrations', occurredAt);
    });
    this.consumer.on('auth.user.updated', ({ eventId, occurredAt, userId, changedFields }, manager) =>
      this.auditLog.record(manager, this.entry('auth.user.updated', eventId, occurredAt, userId, { changedFields })),
    );
    // An admin's change of a user's role: who did it, and the role before and after.
    this.consumer.on('auth.user.role.changed', ({ eventId, occurredAt, userId, actorId, before, after }, manager) =>
      this.auditLog.record(manager, { ...this.entry('auth.user.role.changed', eventId, occurredAt, userId, { before, after }), actorId }),
    );
  }

  private entry(eventName: string, eventId: string, occurredAt: string, subjectUserId: string, details: object) {
    return { eventId, eventName, subjectUserId, actorId: null, details, occurredAt: new Date(occurredAt) };
  }
}

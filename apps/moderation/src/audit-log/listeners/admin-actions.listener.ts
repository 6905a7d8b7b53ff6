import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AdminAction, EventBase } from '@portal/contracts';
import { EventConsumer } from '@portal/messaging';
import type { EntityManager } from 'typeorm';
import { AuditLogRepository } from '../audit-log.repository';

/**
 * Records the admins' content actions of the owner services (docs/moderation.md, «Audit log») as
 * `admin.<target>.<action>`: who, which item, whose it is, before and after.
 */
@Injectable()
export class AdminActionsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly auditLog: AuditLogRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('catalogue.admin.acted', (event, manager) => this.record(event, manager));
    this.consumer.on('community.admin.acted', (event, manager) => this.record(event, manager));
    this.consumer.on('chat.admin.acted', (event, manager) => this.record(event, manager));
  }

  private record({ eventId, occurredAt, actorId, target, targetId, action, subjectUserId, before, after }: EventBase & AdminAction, manager: EntityManager) {
    return this.auditLog.record(manager, {
      eventId,
      eventName: `admin.${target}.${action}`,
      subjectUserId,
      actorId,
      details: { target, targetId, action, before, after },
      occurredAt: new Date(occurredAt),
    });
  }
}

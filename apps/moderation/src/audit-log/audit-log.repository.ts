import { Injectable } from '@nestjs/common';
import type { AuditLogQuery } from '@portal/contracts';
import { Between, DataSource, type EntityManager, type FindOptionsWhere, LessThanOrEqual, MoreThanOrEqual } from 'typeorm';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, entry: Omit<AuditLogEntryEntity, 'id'>): Promise<void> {
    await manager.getRepository(AuditLogEntryEntity).insert(entry);
  }

  /** A page, newest first, narrowed by every filter given (AND); each filter has an index (event, actor, subject, time). */
  page({ page, limit, event, actorId, subjectUserId, from, to }: AuditLogQuery): Promise<[AuditLogEntryEntity[], number]> {
    const where: FindOptionsWhere<AuditLogEntryEntity> = {};
    if (event) where.eventName = event;
    if (actorId) where.actorId = actorId;
    if (subjectUserId) where.subjectUserId = subjectUserId;
    if (from && to) where.occurredAt = Between(new Date(from), new Date(to));
    else if (from) where.occurredAt = MoreThanOrEqual(new Date(from));
    else if (to) where.occurredAt = LessThanOrEqual(new Date(to));
    return this.dataSource
      .getRepository(AuditLogEntryEntity)
      .findAndCount({ where, order: { occurredAt: 'DESC', id: 'DESC' }, skip: (page - 1) * limit, take: limit });
  }

  countByEvent(eventId: string): Promise<number> {
    return this.dataSource.getRepository(AuditLogEntryEntity).countBy({ eventId });
  }
}

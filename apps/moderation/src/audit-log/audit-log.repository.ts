import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, entry: Omit<AuditLogEntryEntity, 'id'>): Promise<void> {
    await manager.getRepository(AuditLogEntryEntity).insert(entry as never);
  }

  page(page: number, limit: number): Promise<[AuditLogEntryEntity[], number]> {
    return this.dataSource
      .getRepository(AuditLogEntryEntity)
      .findAndCount({ order: { occurredAt: 'DESC' }, skip: (page - 1) * limit, take: limit });
  }

  countByEvent(eventId: string): Promise<number> {
    return this.dataSource.getRepository(AuditLogEntryEntity).countBy({ eventId });
  }
}

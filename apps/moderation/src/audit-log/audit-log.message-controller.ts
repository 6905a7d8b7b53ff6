import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import type { AuditLogEntry, Page, RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { AuditLogRepository } from './audit-log.repository';

const pageSchema = z.object({
  page: z.coerce.number().int().min(1, 'Номер страницы должен быть не меньше 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'Не больше 100 записей на странице').default(50),
});

/** The gateway lets only admins reach this pattern. */
@Controller()
export class AuditLogMessageController {
  constructor(private readonly auditLog: AuditLogRepository) {}

  @MessagePattern('moderation.audit-log.list')
  async list(@Payload() { data }: RpcRequest<unknown>): Promise<Page<AuditLogEntry>> {
    const { page, limit } = validatePayload(pageSchema, data);
    const [entries, total] = await this.auditLog.page(page, limit);
    return {
      items: entries.map((entry) => ({
        id: entry.id,
        eventName: entry.eventName,
        subjectUserId: entry.subjectUserId,
        details: entry.details as Record<string, unknown>,
        occurredAt: entry.occurredAt.toISOString(),
      })),
      page,
      limit,
      total,
    };
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuditLogEntry, Page, RpcRequest } from '@portal/contracts';
import { auditLogQuerySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { AuditLogRepository } from './audit-log.repository';

/** The gateway lets only admins reach this pattern. */
@Controller()
export class AuditLogMessageController {
  constructor(private readonly auditLog: AuditLogRepository) {}

  @MessagePattern('moderation.audit-log.list')
  async list(@Payload() { data }: RpcRequest<unknown>): Promise<Page<AuditLogEntry>> {
    const query = validatePayload(auditLogQuerySchema, data);
    const { page, limit } = query;
    const [entries, total] = await this.auditLog.page(query);
    return {
      items: entries.map((entry) => ({
        id: entry.id,
        eventName: entry.eventName,
        subjectUserId: entry.subjectUserId,
        actorId: entry.actorId,
        details: entry.details as Record<string, unknown>,
        occurredAt: entry.occurredAt.toISOString(),
      })),
      page,
      limit,
      total,
    };
  }
}

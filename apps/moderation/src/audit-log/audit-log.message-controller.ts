import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuditLogEntry, Page, RpcRequest } from '@portal/contracts';
import { auditLogQuerySchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { UserNames } from '../rpc/user-names';
import { auditLogView } from './audit-log-view';
import { AuditLogRepository } from './audit-log.repository';

/** The gateway lets only admins reach this pattern. */
@Controller()
export class AuditLogMessageController {
  private readonly logger = new Logger(AuditLogMessageController.name);

  constructor(
    private readonly auditLog: AuditLogRepository,
    private readonly userNames: UserNames,
  ) {}

  @MessagePattern('moderation.audit-log.list')
  async list(@Payload() { meta, data }: RpcRequest<unknown>): Promise<Page<AuditLogEntry>> {
    const query = validatePayload(auditLogQuerySchema, data);
    const { page, limit } = query;
    const [entries, total] = await this.auditLog.page(query);
    const items = await auditLogView(
      entries,
      this.userNames.lookup(meta),
      (error) => this.logger.warn(`audit log shown without names: ${String(error)}`),
    );
    return { items, page, limit, total };
  }
}

import { Controller, Logger } from '@nestjs/common';
import type { AuditLogEntry, AuditLogQuery, Page, RpcMeta } from '@portal/contracts';
import { AUDIT_LOG_OPERATIONS } from '@portal/contracts/operations';
import { CallMeta, HandlesOperation, Input } from '@portal/platform';
import { UserNames } from '../rpc/user-names';
import { auditLogView } from './audit-log-view';
import { AuditLogRepository } from './audit-log.repository';

/** The audit log (docs/moderation.md, «Audit log»); admins only (AUDIT_LOG_OPERATIONS). */
@Controller()
export class AuditLogMessageController {
  private readonly logger = new Logger(AuditLogMessageController.name);

  constructor(
    private readonly auditLog: AuditLogRepository,
    private readonly userNames: UserNames,
  ) {}

  @HandlesOperation(AUDIT_LOG_OPERATIONS.list)
  async list(@Input() query: AuditLogQuery, @CallMeta() meta: RpcMeta): Promise<Page<AuditLogEntry>> {
    const { page, limit } = query;
    const [entries, total] = await this.auditLog.page(query);
    const items = await auditLogView(entries, this.userNames.lookup(meta), (error) => this.logger.warn(`audit log shown without names: ${String(error)}`));
    return { items, page, limit, total };
  }
}

import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorCode, REPORT_MESSAGES, type AuthenticatedUser, type ReportAction, type ReportCase, type ReportDecisionRequest, type RpcMeta } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AuditLogRepository } from '../../audit-log/audit-log.repository';
import { OwnerRpc } from '../../rpc/owner-rpc';
import { StatsRepository } from '../../stats/stats.repository';
import { type ReportCaseRow, ReportsRepository } from '../reports.repository';
import type { ReportTargetHandler } from '../targets/report-target';
import { REPORT_TARGETS } from '../targets/report-targets';
import { requireAdmin } from './admin-only';
import { ReportQueueReader } from './report-queue.reader';

const decided = () => RpcError.of(ErrorCode.Conflict, REPORT_MESSAGES.decided);

/**
 * An admin's decision on a whole case (docs/moderation.md): the content deleted by its owner's own
 * delete call when asked, the case closed, its reporters told (moderation.report.decided), held
 * content shown again, and the action in the audit log, all committed together. `ban the author`
 * joins here as one more step of `resolve` (issue #20, bans).
 */
@Injectable()
export class ReportDecisionService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly reader: ReportQueueReader,
    private readonly owners: OwnerRpc,
    private readonly auditLog: AuditLogRepository,
    private readonly outbox: OutboxPublisher,
    private readonly stats: StatsRepository,
  ) {}

  async decide(user: AuthenticatedUser | undefined, { id, action, deleteContent, note }: ReportDecisionRequest, meta: RpcMeta): Promise<ReportCase> {
    const admin = await requireAdmin(this.owners, user, meta);
    const current = await this.reports.find(id);
    if (!current) throw RpcError.of(ErrorCode.NotFound, REPORT_MESSAGES.notFound);
    if (current.status !== 'open') throw decided();
    const handler = REPORT_TARGETS[current.target_type];
    if (deleteContent) {
      if (!handler.remove) throw RpcError.validation([{ field: 'deleteContent', message: REPORT_MESSAGES.cannotDelete }]);
      await this.removeContent(handler.remove, current.target_id, meta);
    }
    const row = await this.reports.transaction(async (manager) => {
      const locked = await this.reports.lock(manager, id);
      if (!locked || locked.status !== 'open') throw decided();
      const updated = await this.reports.decide(manager, id, { action, contentDeleted: deleteContent, note, adminId: admin.id });
      await this.announce(manager, locked, updated, action);
      await this.record(manager, admin, locked, updated);
      await this.stats.increment(manager, 'reportsResolved', new Date());
      return updated;
    });
    this.outbox.afterCommit();
    const [item] = await this.reader.withReports([row]);
    return item;
  }

  /** Content already gone (deleted by its author meanwhile, or by an earlier try of this decision) is deleted. */
  private async removeContent(remove: NonNullable<ReportTargetHandler['remove']>, targetId: string, meta: RpcMeta) {
    try {
      await remove(this.owners, targetId, meta);
    } catch (error) {
      if (!(error instanceof RpcError && error.payload.code === ErrorCode.NotFound)) throw error;
    }
  }

  private async announce(manager: EntityManager, before: ReportCaseRow, after: ReportCaseRow, action: ReportAction) {
    const target = { type: after.target_type, id: after.target_id };
    await this.outbox.publish(manager, 'moderation.report.decided', {
      caseId: after.id,
      target,
      action,
      contentDeleted: after.content_deleted,
      reporterIds: await this.reports.reporterIds(manager, after.id),
    });
    if (before.held) await this.outbox.publish(manager, 'moderation.content.released', { target });
  }

  private record(manager: EntityManager, admin: AuthenticatedUser, before: ReportCaseRow, after: ReportCaseRow) {
    return this.auditLog.record(manager, {
      eventId: randomUUID(),
      eventName: after.status === 'resolved' ? 'moderation.report.resolved' : 'moderation.report.rejected',
      actorId: admin.id,
      subjectUserId: before.snapshot.authorId,
      details: {
        admin: { id: admin.id, username: admin.username },
        caseId: after.id,
        target: { type: after.target_type, id: after.target_id },
        snapshot: before.snapshot,
        before: { status: before.status, held: before.held, reports: before.reports_count },
        after: { status: after.status, held: after.held, contentDeleted: after.content_deleted, note: after.decision_note },
      },
      occurredAt: after.decided_at ?? new Date(),
    });
  }
}

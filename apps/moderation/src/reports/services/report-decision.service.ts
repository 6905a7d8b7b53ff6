import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorCode,
  REPORT_MESSAGES,
  type AuthenticatedUser,
  type ReportAction,
  type ReportCase,
  type ReportDecisionRequest,
  type RpcMeta,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AuditLogRepository } from '../../audit-log/audit-log.repository';
import type { UserBanRow } from '../../bans/bans.repository';
import { SanctionsService } from '../../bans/services/sanctions.service';
import { ServiceRpc } from '@portal/platform';
import { StatsRepository } from '../../stats/stats.repository';
import { type ReportCaseRow, ReportsRepository } from '../reports.repository';
import type { ReportTargetHandler } from '../targets/report-target';
import { REPORT_TARGETS } from '../targets/report-targets';
import { ReportQueueReader } from './report-queue.reader';

const decided = () => RpcError.of(ErrorCode.Conflict, REPORT_MESSAGES.decided);

/**
 * An admin's decision on a whole case (docs/moderation.md): the content deleted by its owner's own
 * delete call when asked, the case closed, its reporters told (moderation.report.decided), held
 * content shown again, the author banned when asked (its own audit entry and notice, and `ban` in
 * the decision's entry), and the action in the audit log, all committed together.
 */
@Injectable()
export class ReportDecisionService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly reader: ReportQueueReader,
    private readonly owners: ServiceRpc,
    private readonly auditLog: AuditLogRepository,
    private readonly outbox: OutboxPublisher,
    private readonly stats: StatsRepository,
    private readonly sanctions: SanctionsService,
  ) {}

  async decide(admin: AuthenticatedUser, { id, action, deleteContent, note, ban }: ReportDecisionRequest, meta: RpcMeta): Promise<ReportCase> {
    const current = await this.reports.find(id);
    if (!current) throw RpcError.of(ErrorCode.NotFound, REPORT_MESSAGES.notFound);
    if (current.status !== 'open') throw decided();
    const authorId = current.snapshot.authorId;
    if (ban && !authorId) throw RpcError.validation([{ field: 'ban', message: REPORT_MESSAGES.noAuthorToBan }]);
    // Checked before anything is deleted: not an admin, not oneself, still an account.
    const author = ban && authorId ? await this.sanctions.target(admin, authorId, meta) : null;
    const handler = REPORT_TARGETS[current.target_type];
    if (deleteContent) {
      if (!handler.remove) throw RpcError.validation([{ field: 'deleteContent', message: REPORT_MESSAGES.cannotDelete }]);
      await this.removeContent(handler.remove, current.target_id, meta);
    }
    const result = await this.reports.transaction(async (manager) => {
      const locked = await this.reports.lock(manager, id);
      if (!locked || locked.status !== 'open') throw decided();
      const updated = await this.reports.decide(manager, id, { action, contentDeleted: deleteContent, note, adminId: admin.id });
      const banned = ban && author ? await this.sanctions.imposeBan(manager, admin, author, { ...ban, userId: author.id }) : null;
      await this.announce(manager, locked, updated, action);
      await this.record(manager, admin, locked, updated, banned);
      await this.stats.increment(manager, 'reportsResolved', new Date());
      return { updated, banned };
    });
    this.outbox.afterCommit();
    if (result.banned) await this.sanctions.published(result.banned);
    const row = result.updated;
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

  private record(manager: EntityManager, admin: AuthenticatedUser, before: ReportCaseRow, after: ReportCaseRow, ban: UserBanRow | null) {
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
        after: {
          status: after.status,
          held: after.held,
          contentDeleted: after.content_deleted,
          note: after.decision_note,
          ban: ban ? { id: ban.id, kind: ban.kind, reason: ban.reason, until: ban.until?.toISOString() ?? null } : null,
        },
      },
      occurredAt: after.decided_at ?? new Date(),
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  REPORT_MESSAGES,
  type AuthenticatedUser,
  type ReportCreated,
  type ReportCreateRequest,
  type ReportSnapshot,
  type ReportTargetType,
  type RpcMeta,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { ServiceRpc } from '@portal/platform';
import { StatsRepository } from '../../stats/stats.repository';
import { REPORT_SETTINGS, type ReportSettings } from '../report-settings';
import { ReportsRepository } from '../reports.repository';
import { REPORT_TARGETS } from '../targets/report-targets';
import { ReportLimits } from './report-limits';

/**
 * Takes a user's report (docs/moderation.md): the target is asked of its owner (it must exist and be
 * visible to the reporter) and snapshotted; the report joins its target's open case, and the case is
 * put on hold when it reaches REPORT_HOLD_THRESHOLD distinct reporters.
 */
@Injectable()
export class ReportIntakeService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly owners: ServiceRpc,
    private readonly limits: ReportLimits,
    private readonly outbox: OutboxPublisher,
    private readonly stats: StatsRepository,
    @Inject(REPORT_SETTINGS) private readonly settings: ReportSettings,
  ) {}

  async create(user: AuthenticatedUser, { target, reason, text }: ReportCreateRequest, meta: RpcMeta): Promise<ReportCreated> {
    await this.limits.consume(user.id);
    const handler = REPORT_TARGETS[target.type];
    const snapshot = await this.snapshotOf(target.type, target.id, meta);
    if (snapshot.authorId === user.id) throw RpcError.of(ErrorCode.Forbidden, REPORT_MESSAGES.self);
    const { reportId, held } = await this.reports.transaction(async (manager) => {
      const current = await this.reports.lockOpenCase(manager, target, snapshot);
      const report = await this.reports.addReport(manager, current.id, { reporterId: user.id, reporterUsername: user.username, reason, text });
      if (!report) throw RpcError.of(ErrorCode.Conflict, REPORT_MESSAGES.duplicate);
      const hold = handler.honoursHolds && !current.held && current.reports_count + 1 >= this.settings.holdThreshold;
      await this.reports.countReport(manager, current.id, hold);
      await this.stats.increment(manager, 'reportsOpened', new Date());
      if (hold) await this.outbox.publish(manager, 'moderation.content.held', { target });
      return { reportId: report.id, held: hold };
    });
    if (held) this.outbox.afterCommit();
    return { id: reportId, target, reason, message: REPORT_MESSAGES.created };
  }

  private async snapshotOf(type: ReportTargetType, id: string, meta: RpcMeta): Promise<ReportSnapshot> {
    try {
      return await REPORT_TARGETS[type].snapshot(this.owners, id, meta);
    } catch (error) {
      if (error instanceof RpcError && error.payload.code === ErrorCode.NotFound) throw RpcError.of(ErrorCode.NotFound, REPORT_MESSAGES.targetNotFound);
      throw error;
    }
  }
}

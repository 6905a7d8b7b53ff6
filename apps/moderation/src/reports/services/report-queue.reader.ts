import { Injectable } from '@nestjs/common';
import { REPORTS_PAGE_SIZE, type AuthenticatedUser, type ReportCasePage, type ReportQueueRequest, type RpcMeta } from '@portal/contracts';
import { OwnerRpc } from '../../rpc/owner-rpc';
import { toReportCase } from '../report-view';
import { type ReportCaseRow, ReportsRepository } from '../reports.repository';
import { requireAdmin } from './admin-only';

/** The moderation queue: one item per case, its reasons counted, its latest reports. */
@Injectable()
export class ReportQueueReader {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly owners: OwnerRpc,
  ) {}

  async list(user: AuthenticatedUser | undefined, { status, sort, page }: ReportQueueRequest, meta: RpcMeta): Promise<ReportCasePage> {
    await requireAdmin(this.owners, user, meta);
    const [rows, total] = await this.reports.page(status, sort, page, REPORTS_PAGE_SIZE);
    return { items: await this.withReports(rows), page, limit: REPORTS_PAGE_SIZE, total };
  }

  async withReports(rows: ReportCaseRow[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [reasons, reports] = await Promise.all([this.reports.reasonCounts(ids), this.reports.latestReports(ids)]);
    return rows.map((row) => toReportCase(row, reasons, reports));
  }
}

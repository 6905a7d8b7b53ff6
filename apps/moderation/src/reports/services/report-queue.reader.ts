import { Injectable } from '@nestjs/common';
import { REPORTS_PAGE_SIZE, type ReportCasePage, type ReportQueueRequest } from '@portal/contracts';
import { toReportCase } from '../report-view';
import { type ReportCaseRow, ReportsRepository } from '../reports.repository';

/** The moderation queue: one item per case, its reasons counted, its latest reports. */
@Injectable()
export class ReportQueueReader {
  constructor(private readonly reports: ReportsRepository) {}

  async list({ status, sort, page }: ReportQueueRequest): Promise<ReportCasePage> {
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

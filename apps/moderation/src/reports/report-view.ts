import type { ReportCase } from '@portal/contracts';
import type { ReasonCountRow, ReportCaseRow, ReportRow } from './reports.repository';

/** A case as the queue shows it, with its reasons counted and its latest reports. */
export function toReportCase(row: ReportCaseRow, reasons: ReasonCountRow[], reports: ReportRow[]): ReportCase {
  return {
    id: row.id,
    target: { type: row.target_type, id: row.target_id },
    status: row.status,
    snapshot: row.snapshot,
    count: row.reports_count,
    reasons: reasons.filter((reason) => reason.case_id === row.id).map(({ reason, count }) => ({ reason, count })),
    reports: reports
      .filter((report) => report.case_id === row.id)
      .map((report) => ({
        reporter: { id: report.reporter_id, username: report.reporter_username },
        reason: report.reason,
        text: report.text,
        createdAt: report.created_at.toISOString(),
      })),
    held: row.held,
    firstReportedAt: row.first_reported_at.toISOString(),
    lastReportedAt: row.last_reported_at.toISOString(),
    decision:
      row.action && row.decided_by && row.decided_at
        ? { action: row.action, contentDeleted: row.content_deleted, note: row.decision_note, adminId: row.decided_by, decidedAt: row.decided_at.toISOString() }
        : null,
  };
}

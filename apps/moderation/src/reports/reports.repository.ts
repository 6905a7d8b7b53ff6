import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { ReportAction, ReportReason, ReportSnapshot, ReportSort, ReportStatus, ReportTarget } from '@portal/contracts';
import { REPORT_ACTIONS, REPORT_ENTRIES_SHOWN, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGET_TYPES } from '@portal/contracts';
import { reportCaseSchema } from '@portal/contracts/moderation/reports.answers';
import { execute, existingRow, returning, selectRow, selectRows } from '@portal/db';

export const ReportCaseRow = z.object({
  id: z.string(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.string(),
  status: z.enum(REPORT_STATUSES),
  snapshot: reportCaseSchema.shape.snapshot,
  reports_count: z.number().int(),
  held: z.boolean(),
  first_reported_at: z.date(),
  last_reported_at: z.date(),
  action: z.enum(REPORT_ACTIONS).nullable(),
  content_deleted: z.boolean(),
  decision_note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.date().nullable(),
});
export type ReportCaseRow = z.output<typeof ReportCaseRow>;

export const ReportRow = z.object({
  case_id: z.string(),
  reporter_id: z.string(),
  reporter_username: z.string(),
  reason: z.enum(REPORT_REASONS),
  text: z.string().nullable(),
  created_at: z.date(),
});
export type ReportRow = z.output<typeof ReportRow>;

export const ReasonCountRow = z.object({
  case_id: z.string(),
  reason: z.enum(REPORT_REASONS),
  count: z.number().int(),
});
export type ReasonCountRow = z.output<typeof ReasonCountRow>;

/** A page of the queue: each case with the count of every case of its status. */
const PagedCaseRow = ReportCaseRow.extend({ total: z.number().int() });

export interface NewReport {
  reporterId: string;
  reporterUsername: string;
  reason: ReportReason;
  text: string | null;
}

export interface Decision {
  action: ReportAction;
  contentDeleted: boolean;
  note: string | null;
  adminId: string;
}

const ORDER_BY: Record<ReportSort, string> = {
  newest: 'c.last_reported_at DESC, c.id',
  most: 'c.reports_count DESC, c.last_reported_at DESC, c.id',
};

@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The target's open case, made now with this snapshot if there is none; locked for the caller's transaction. */
  async lockOpenCase(manager: EntityManager, target: ReportTarget, snapshot: ReportSnapshot): Promise<ReportCaseRow> {
    await execute(
      manager,
      `INSERT INTO moderation.report_cases (target_type, target_id, snapshot) VALUES ($1, $2, $3)
       ON CONFLICT (target_type, target_id) WHERE status = 'open' DO NOTHING`,
      [target.type, target.id, JSON.stringify(snapshot)],
    );
    const row = existingRow(
      await selectRow(
        manager,
        ReportCaseRow,
        `SELECT * FROM moderation.report_cases WHERE target_type = $1 AND target_id = $2 AND status = 'open' FOR UPDATE`,
        [target.type, target.id],
      ),
      `no open report case of ${target.type} ${target.id} after making one`,
    );
    return row;
  }

  /** False when this reporter already reported in the case. */
  async addReport(manager: EntityManager, caseId: string, report: NewReport): Promise<{ id: string } | null> {
    return selectRow(
      manager,
      z.object({ id: z.string() }),
      `INSERT INTO moderation.reports (case_id, reporter_id, reporter_username, reason, text) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (case_id, reporter_id) DO NOTHING RETURNING id`,
      [caseId, report.reporterId, report.reporterUsername, report.reason, report.text],
    );
  }

  /** Counts the new report in (the case is locked); `hold` marks it held. */
  async countReport(manager: EntityManager, caseId: string, hold: boolean): Promise<void> {
    await execute(manager, `UPDATE moderation.report_cases SET reports_count = reports_count + 1, last_reported_at = now(), held = held OR $2 WHERE id = $1`, [
      caseId,
      hold,
    ]);
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<ReportCaseRow | null> {
    return selectRow(manager, ReportCaseRow, `SELECT * FROM moderation.report_cases WHERE id = $1`, [id]);
  }

  lock(manager: EntityManager, id: string): Promise<ReportCaseRow | null> {
    return selectRow(manager, ReportCaseRow, `SELECT * FROM moderation.report_cases WHERE id = $1 FOR UPDATE`, [id]);
  }

  async decide(manager: EntityManager, id: string, decision: Decision): Promise<ReportCaseRow> {
    const row = existingRow(
      await selectRow(
        manager,
        ReportCaseRow,
        returning(`UPDATE moderation.report_cases SET status = $2, action = $3, content_deleted = $4, decision_note = $5, decided_by = $6, decided_at = now(), held = false
       WHERE id = $1 RETURNING *`),
        [id, decision.action === 'resolve' ? 'resolved' : 'rejected', decision.action, decision.contentDeleted, decision.note, decision.adminId],
      ),
      `report case ${id} to decide is gone`,
    );
    return row;
  }

  async reporterIds(manager: EntityManager, caseId: string): Promise<string[]> {
    const rows = await selectRows(
      manager,
      z.object({ reporter_id: z.string() }),
      `SELECT reporter_id FROM moderation.reports WHERE case_id = $1 ORDER BY created_at`,
      [caseId],
    );
    return rows.map((row) => row.reporter_id);
  }

  async page(status: ReportStatus, sort: ReportSort, page: number, limit: number): Promise<[ReportCaseRow[], number]> {
    const rows = await selectRows(
      this.dataSource,
      PagedCaseRow,
      `SELECT c.*, count(*) OVER ()::int AS total FROM moderation.report_cases c WHERE c.status = $1 ORDER BY ${ORDER_BY[sort]} LIMIT $2 OFFSET $3`,
      [status, limit, (page - 1) * limit],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.countByStatus(status) : 0);
    return [rows, total];
  }

  reasonCounts(caseIds: string[]): Promise<ReasonCountRow[]> {
    return selectRows(
      this.dataSource,
      ReasonCountRow,
      `SELECT case_id, reason, count(*)::int AS count FROM moderation.reports WHERE case_id = ANY($1::uuid[]) GROUP BY case_id, reason ORDER BY count(*) DESC, reason`,
      [caseIds],
    );
  }

  /** The latest REPORT_ENTRIES_SHOWN reports of each case, newest first. */
  latestReports(caseIds: string[]): Promise<ReportRow[]> {
    return selectRows(
      this.dataSource,
      ReportRow,
      `SELECT case_id, reporter_id, reporter_username, reason, text, created_at FROM (
         SELECT r.*, row_number() OVER (PARTITION BY case_id ORDER BY created_at DESC, id) AS n FROM moderation.reports r WHERE case_id = ANY($1::uuid[])
       ) ranked WHERE n <= $2 ORDER BY created_at DESC`,
      [caseIds, REPORT_ENTRIES_SHOWN],
    );
  }

  private async countByStatus(status: ReportStatus): Promise<number> {
    const row = await selectRow(
      this.dataSource,
      z.object({ n: z.number().int() }),
      `SELECT count(*)::int AS n FROM moderation.report_cases WHERE status = $1`,
      [status],
    );
    return row?.n ?? 0;
  }
}

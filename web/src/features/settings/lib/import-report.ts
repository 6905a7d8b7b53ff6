import type { ListImportReport } from '@portal/contracts';
import { SETTINGS_STRINGS } from '../strings';

const S = SETTINGS_STRINGS.lists;

export interface ReportCount {
  key: 'imported' | 'updated' | 'unchanged' | 'skipped';
  label: string;
  count: number;
}

/** The four numbers of an import, in the order the report shows them. */
export function reportCounts(report: ListImportReport): ReportCount[] {
  return [
    { key: 'imported', label: S.imported, count: report.imported },
    { key: 'updated', label: S.updated, count: report.updated },
    { key: 'unchanged', label: S.unchanged, count: report.unchanged },
    { key: 'skipped', label: S.skipped, count: report.skipped.length },
  ];
}

/** One line for the toast and screen readers: "Добавлено: 2, обновлено: 1, без изменений: 0, пропущено: 1". */
export const reportSummary = (report: ListImportReport) => S.summary(report.imported, report.updated, report.unchanged, report.skipped.length);

/** Skipped entries in file order, each as "Строка 12 — «Title»: reason". */
export function skippedLines(report: ListImportReport): string[] {
  return [...report.skipped].sort((a, b) => a.line - b.line).map((item) => S.skippedLine(item.line, item.title?.trim() || null, item.reason));
}

export const REPORT_SETTINGS = Symbol('REPORT_SETTINGS');

export interface ReportSettings {
  /** Distinct reporters that put content on hold (REPORT_HOLD_THRESHOLD). */
  holdThreshold: number;
}

import type { Provider } from '@nestjs/common';
import type { ModerationEnv } from '@portal/config';
import { REPORT_SETTINGS, type ReportSettings } from './report-settings';
import { ReportsMessageController } from './reports.message-controller';
import { ReportsRepository } from './reports.repository';
import { ReportDecisionService } from './services/report-decision.service';
import { ReportIntakeService } from './services/report-intake.service';
import { ReportLimits } from './services/report-limits';
import { ReportQueueReader } from './services/report-queue.reader';

/** Reports and the queue, registered by the moderation module; they use its ServiceRpc and audit log. */
export const REPORTS_CONTROLLERS = [ReportsMessageController];

export const reportsProviders = (config: ModerationEnv): Provider[] => [
  { provide: REPORT_SETTINGS, useValue: { holdThreshold: config.REPORT_HOLD_THRESHOLD } satisfies ReportSettings },
  ReportsRepository,
  ReportLimits,
  ReportIntakeService,
  ReportQueueReader,
  ReportDecisionService,
];

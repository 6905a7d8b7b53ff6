import { Controller } from '@nestjs/common';
import type { AuthenticatedUser, ReportCreateRequest, ReportDecisionRequest, ReportQueueRequest, RpcMeta } from '@portal/contracts';
import { REPORTS_OPERATIONS } from '@portal/contracts/operations';
import { CallMeta, Caller, HandlesOperation, Input } from '@portal/platform';
import { ReportDecisionService } from './services/report-decision.service';
import { ReportIntakeService } from './services/report-intake.service';
import { ReportQueueReader } from './services/report-queue.reader';

/** Reports and the moderation queue (docs/moderation.md). The reporter is always the caller's token; the queue and decisions are for admins (REPORTS_OPERATIONS). */
@Controller()
export class ReportsMessageController {
  constructor(
    private readonly intake: ReportIntakeService,
    private readonly queue: ReportQueueReader,
    private readonly decisions: ReportDecisionService,
  ) {}

  @HandlesOperation(REPORTS_OPERATIONS.create)
  create(@Input() report: ReportCreateRequest, @Caller() reporter: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.intake.create(reporter, report, meta);
  }

  @HandlesOperation(REPORTS_OPERATIONS.queue)
  list(@Input() query: ReportQueueRequest) {
    return this.queue.list(query);
  }

  @HandlesOperation(REPORTS_OPERATIONS.decide)
  decide(@Input() decision: ReportDecisionRequest, @Caller() admin: AuthenticatedUser, @CallMeta() meta: RpcMeta) {
    return this.decisions.decide(admin, decision, meta);
  }
}

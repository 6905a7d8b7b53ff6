import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuthenticatedUser, ReportCreateRequest, RpcMeta, RpcRequest } from '@portal/contracts';
import { REPORTS_OPERATIONS } from '@portal/contracts/operations';
import { reportDecisionSchema, reportQueueQuerySchema } from '@portal/contracts/schemas';
import { CallMeta, Caller, HandlesOperation, Input, validatePayload } from '@portal/platform';
import { ReportDecisionService } from './services/report-decision.service';
import { ReportIntakeService } from './services/report-intake.service';
import { ReportQueueReader } from './services/report-queue.reader';

/** Reports and the moderation queue (docs/moderation.md). The reporter is always the caller's token; the admin role is asked of auth. */
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

  @MessagePattern('moderation.reports.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.queue.list(meta.user, validatePayload(reportQueueQuerySchema, data), meta);
  }

  @MessagePattern('moderation.report.decide')
  decide(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.decisions.decide(meta.user, validatePayload(reportDecisionSchema, data), meta);
  }
}

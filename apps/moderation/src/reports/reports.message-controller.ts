import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, REPORT_MESSAGES, type RpcRequest } from '@portal/contracts';
import { reportCreateSchema, reportDecisionSchema, reportQueueQuerySchema } from '@portal/contracts/schemas';
import { RpcError, validatePayload } from '@portal/platform';
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

  @MessagePattern('moderation.report.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    if (!meta.user) throw RpcError.of(ErrorCode.Unauthorized, REPORT_MESSAGES.signInRequired);
    return this.intake.create(meta.user, validatePayload(reportCreateSchema, data), meta);
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

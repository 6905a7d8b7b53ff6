import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { reportDecisionBodySchema, reportParamsSchema, reportQueueQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class ReportQueueQuery extends createZodDto(reportQueueQuerySchema) {}
class ReportParams extends createZodDto(reportParamsSchema) {}
class ReportDecisionBody extends createZodDto(reportDecisionBodySchema) {}

/**
 * The moderation queue (docs/moderation.md): the moderation service owns it and asks each target's
 * owner for it. Admin routes are checked here and again by the moderation service. Sending a report
 * is a declared operation (REPORTS_OPERATIONS, routed by OperationsController).
 */
@ApiTags('moderation')
@Controller()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('admin/reports')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: the queue, one item per reported target with its count and reasons; ?status=open|resolved|rejected, ?sort=newest|most, ?page (20 a page)' })
  list(@Query() query: ReportQueueQuery, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('moderation.reports.list', query, meta));
  }

  @Put('admin/reports/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Admin: resolve (deleteContent: the owner deletes it; ban: its author banned in the same decision) or reject a whole case, note up to 500; every reporter is notified, the action is audited',
  })
  decide(@Param() { id }: ReportParams, @Body() body: ReportDecisionBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.report.decide', { ...body, id }, meta);
  }
}

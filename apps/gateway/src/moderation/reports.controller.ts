import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { reportCreateSchema, reportDecisionBodySchema, reportParamsSchema, reportQueueQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class ReportCreateBody extends createZodDto(reportCreateSchema) {}
class ReportQueueQuery extends createZodDto(reportQueueQuerySchema) {}
class ReportParams extends createZodDto(reportParamsSchema) {}
class ReportDecisionBody extends createZodDto(reportDecisionBodySchema) {}

/**
 * Reports and the moderation queue (docs/moderation.md): the moderation service owns them and asks
 * each target's owner for it. Admin routes are checked here and again by the moderation service.
 */
@ApiTags('moderation')
@Controller()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('reports')
  @Writes()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Report a comment, review, chat message, AMV or user: target { type, id }, reason spam|offence|spoiler|offtopic|nickname|other, text (required for other, up to 1000). One open report per user and target (409); not one’s own (403); 20 an hour',
  })
  create(@Body() body: ReportCreateBody, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.report.create', body, meta);
  }

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

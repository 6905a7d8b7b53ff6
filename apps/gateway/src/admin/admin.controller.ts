import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { auditLogQuerySchema, statsQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class AuditLogQuery extends createZodDto(auditLogQuerySchema) {}
class StatsQuery extends createZodDto(statsQuerySchema) {}

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('audit-log')
  @ApiOperation({ summary: 'Account events (registrations, profile and role changes), newest first' })
  auditLog(@Query() query: AuditLogQuery, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('moderation.audit-log.list', query, meta));
  }

  @Get('stats')
  @ApiOperation({
    summary:
      'Site statistics for ?days=7|30|90 (7 by default; other values 400): per Moscow day registrations, active users, chat messages, comments, reviews, reports opened and decided, with totals; and every job queue (waiting, active, delayed, failed) as it is now',
  })
  stats(@Query() query: StatsQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('moderation.stats.get', query, meta);
  }
}

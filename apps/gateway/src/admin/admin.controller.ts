import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { auditLogQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

class AuditLogQuery extends createZodDto(auditLogQuerySchema) {}

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
}

import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.guard';
import { paginated } from '../http/paginated';
import { Meta } from '../http/request-meta.decorator';

@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('audit-log')
  @ApiOperation({ summary: 'Account events (registrations, profile and role changes), newest first' })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  auditLog(@Query('page') page: string | undefined, @Query('limit') limit: string | undefined, @Meta() meta: RpcMeta) {
    return paginated(this.rpc.send('moderation.audit-log.list', { page: page as never, limit: limit as never }, meta));
  }
}

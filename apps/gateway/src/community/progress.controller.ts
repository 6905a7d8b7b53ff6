import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { AuthenticatedUser, RpcMeta } from '@portal/contracts';
import { progressSaveSchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { ProgressBatcher } from './progress-batcher';

class ProgressSaveBody extends createZodDto(progressSaveSchema) {}

/**
 * Watch progress saves (SPEC §7), coalesced by the gateway before they reach the community. The reads
 * and the deletion are declared operations (PROGRESS_OPERATIONS, routed by OperationsController).
 */
@ApiTags('progress')
@ApiBearerAuth()
@RequireUser()
@Controller('progress')
export class ProgressController {
  /** One per gateway process (controllers are singletons); needs no registration of its own. */
  private readonly batcher: ProgressBatcher;

  constructor(rpc: RpcClient) {
    this.batcher = new ProgressBatcher(rpc);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a position (seconds) in an episode; answered once it is stored in PostgreSQL' })
  save(@Body() body: ProgressSaveBody, @Meta() meta: RpcMeta) {
    // RequireUser ran: the user is there. The save was parsed already; saves are coalesced into one
    // message per event-loop turn.
    return this.batcher.save(meta.user as AuthenticatedUser, body);
  }
}

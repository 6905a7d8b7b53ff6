import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { onlineUsersQuerySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { Meta } from '../http/request-meta.decorator';

class OnlineUsersQuery extends createZodDto(onlineUsersQuerySchema) {}

/** Who is online beyond the first names of `online-stats`: the chat service answers from every gateway's report. */
@ApiTags('online')
@Controller('online')
export class OnlineController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users')
  @ApiOperation({ summary: 'Names of the signed-in users online, alphabetically, each once: { items, offset, limit, total }' })
  users(@Query() query: OnlineUsersQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('chat.presence.users', query, meta);
  }
}

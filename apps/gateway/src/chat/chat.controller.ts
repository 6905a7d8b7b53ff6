import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { RpcMeta } from '@portal/contracts';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { lookUpAvatar } from '../users/avatar-lookup';

@ApiTags('chat')
@Controller('chat/messages')
export class ChatController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'Latest messages in time order; older pages with ?before=<nextCursor>' })
  @ApiQuery({ name: 'before', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1..100, default 50' })
  list(@Query('before') before: string | undefined, @Query('limit') limit: string | undefined, @Meta() meta: RpcMeta) {
    return this.rpc.send('chat.messages.list', { before, limit: limit as never }, meta);
  }

  @Post()
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Post a message (1-500 characters after trimming); the author is the signed-in user' })
  @ApiBody({ schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } })
  async post(@Body() body: { message?: unknown } | undefined, @Meta() meta: RpcMeta) {
    // The author's avatar at posting time (later changes do not rewrite history); never the body's.
    const avatar = meta.user ? await lookUpAvatar(this.rpc, meta.user.username) : null;
    return this.rpc.send('chat.message.post', { message: body?.message as string, avatar }, meta);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a message (admins only); every client drops it' })
  remove(@Param('id') id: string, @Meta() meta: RpcMeta) {
    return this.rpc.send('chat.message.delete', { id }, meta);
  }
}

import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { chatMessageParamsSchema, chatPageQuerySchema, chatPostBodySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { AdminOnly, RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { AvatarLookup } from '../users/avatar-lookup';

class ChatPageQuery extends createZodDto(chatPageQuerySchema) {}
class ChatPostBody extends createZodDto(chatPostBodySchema) {}
class ChatMessageParams extends createZodDto(chatMessageParamsSchema) {}

@ApiTags('chat')
@Controller('chat/messages')
export class ChatController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly avatars: AvatarLookup,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Latest messages in time order; older pages with ?before=<nextCursor>' })
  list(@Query() query: ChatPageQuery, @Meta() meta: RpcMeta) {
    return this.rpc.send('chat.messages.list', query, meta);
  }

  @Post()
  @Writes('chat')
  @RequireUser()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Post a message (1-500 characters after trimming); the author is the signed-in user' })
  async post(@Body() { message }: ChatPostBody, @Meta() meta: RpcMeta) {
    // The author's avatar at posting time (later changes do not rewrite history); never the body's.
    const avatar = meta.user ? await this.avatars.of(meta.user.username) : null;
    return this.rpc.send('chat.message.post', { message, avatar }, meta);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete a message (admins only); every client drops it' })
  remove(@Param() params: ChatMessageParams, @Meta() meta: RpcMeta) {
    return this.rpc.send('chat.message.delete', params, meta);
  }
}

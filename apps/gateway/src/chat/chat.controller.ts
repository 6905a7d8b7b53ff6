import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { RpcMeta } from '@portal/contracts';
import { chatPostBodySchema } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';
import { RequireUser, Writes } from '../auth/access.guard';
import { Meta } from '../http/request-meta.decorator';
import { AvatarLookup } from '../users/avatar-lookup';

class ChatPostBody extends createZodDto(chatPostBodySchema) {}

/** Posting adds the author's avatar; the chat's reads and deletions are declared operations (chat.operations.ts). */
@ApiTags('chat')
@Controller('chat/messages')
export class ChatController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly avatars: AvatarLookup,
  ) {}

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
}

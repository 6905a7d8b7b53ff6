import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { chatMessageParamsSchema, chatPageQuerySchema, chatPostSchema } from '@portal/contracts/schemas';
import { validatePayload } from '@portal/platform';
import { ChatMessagesService } from './services/chat-messages.service';

@Controller()
export class ChatMessagesMessageController {
  constructor(private readonly chat: ChatMessagesService) {}

  @MessagePattern('chat.messages.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    const { before, limit } = validatePayload(chatPageQuerySchema, data);
    return this.chat.page(before ?? null, limit);
  }

  /** The author is the caller's token, whatever the body says. */
  @MessagePattern('chat.message.post')
  post(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { message, avatar } = validatePayload(chatPostSchema, data);
    return this.chat.post(meta.user, message, avatar);
  }

  @MessagePattern('chat.message.get')
  get(@Payload() { data }: RpcRequest<unknown>) {
    return this.chat.get(validatePayload(chatMessageParamsSchema, data).id);
  }

  /** The gateway lets only admins through; the caller is recorded as the one who deleted it. */
  @MessagePattern('chat.message.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.chat.remove(meta.user, validatePayload(chatMessageParamsSchema, data).id);
  }
}

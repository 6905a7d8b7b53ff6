import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES, type RpcRequest } from '@portal/contracts';
import { validatePayload } from '@portal/platform';
import { ChatMessagesService } from './services/chat-messages.service';

const cursor = z.string().regex(/^\d{1,18}$/, { error: CHAT_MESSAGES.badCursor });
const pageSchema = z.object({
  before: z.preprocess((value) => (value === '' ? undefined : value), cursor.optional()),
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'Лимит должен быть числом от 1 до 100' }).int().min(1, { error: 'Лимит должен быть числом от 1 до 100' }).max(100, { error: 'Лимит должен быть числом от 1 до 100' }).default(50),
  ),
});
const postSchema = z.object({
  message: z
    .string({ error: CHAT_MESSAGES.empty })
    .trim()
    .min(1, { error: CHAT_MESSAGES.empty })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: CHAT_MESSAGES.tooLong }),
  avatar: z.string().max(2048).nullable().default(null),
});
const idSchema = z.object({ id: cursor });

@Controller()
export class ChatMessagesMessageController {
  constructor(private readonly chat: ChatMessagesService) {}

  @MessagePattern('chat.messages.list')
  list(@Payload() { data }: RpcRequest<unknown>) {
    const { before, limit } = validatePayload(pageSchema, data);
    return this.chat.page(before ?? null, limit);
  }

  /** The author is the caller's token, whatever the body says. */
  @MessagePattern('chat.message.post')
  post(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { message, avatar } = validatePayload(postSchema, data);
    return this.chat.post(meta.user, message, avatar);
  }

  @MessagePattern('chat.message.delete')
  remove(@Payload() { data }: RpcRequest<unknown>) {
    return this.chat.remove(validatePayload(idSchema, data).id);
  }
}

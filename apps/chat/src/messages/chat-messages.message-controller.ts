import { Controller } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { CHAT_OPERATIONS } from '@portal/contracts/operations';
import type { ChatMessageParams, ChatPageQuery, ChatPost } from '@portal/contracts/schemas';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { ChatMessagesService } from './services/chat-messages.service';

/** The site-wide chat (docs/realtime.md): a muted user may not post, only an admin delete (the operations' access). */
@Controller()
export class ChatMessagesMessageController {
  constructor(private readonly chat: ChatMessagesService) {}

  @HandlesOperation(CHAT_OPERATIONS.list)
  list(@Input() { before, limit }: ChatPageQuery) {
    return this.chat.page(before ?? null, limit);
  }

  /** The author is the caller, whatever the body says. */
  @HandlesOperation(CHAT_OPERATIONS.post)
  post(@Input() { message, avatar }: ChatPost, @Caller() author: AuthenticatedUser) {
    return this.chat.post(author, message, avatar);
  }

  @HandlesOperation(CHAT_OPERATIONS.get)
  get(@Input() { id }: ChatMessageParams) {
    return this.chat.get(id);
  }

  /** The caller is recorded as the admin who deleted it. */
  @HandlesOperation(CHAT_OPERATIONS.delete)
  remove(@Input() { id }: ChatMessageParams, @Caller() admin: AuthenticatedUser) {
    return this.chat.remove(admin, id);
  }
}

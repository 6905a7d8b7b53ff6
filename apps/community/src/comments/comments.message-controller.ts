import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import {
  commentCreateSchema,
  commentGetSchema,
  commentListSchema,
  commentParamsSchema,
  commentUpdateSchema,
  latestCommentsQuerySchema,
} from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { CommentsReader } from './services/comments-reader';
import { CommentsService } from './services/comments.service';

/** Comments (docs/community.md, «Comments»). The author is always the caller's token, never the body. */
@Controller()
export class CommentsMessageController {
  constructor(
    private readonly comments: CommentsService,
    private readonly reader: CommentsReader,
  ) {}

  @MessagePattern('community.comment.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.comments.create(user, validatePayload(commentCreateSchema, data));
  }

  @MessagePattern('community.comments.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.threads(meta.user, validatePayload(commentListSchema, data));
  }

  @MessagePattern('community.comment.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    const { id, reveal } = validatePayload(commentGetSchema, data);
    return this.reader.one(meta.user, id, reveal);
  }

  @MessagePattern('community.comments.latest')
  latest(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.latest(meta.user, validatePayload(latestCommentsQuerySchema, data).limit);
  }

  @MessagePattern('community.comment.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    const { id, content } = validatePayload(commentUpdateSchema, data);
    return this.comments.update(user, id, content);
  }

  @MessagePattern('community.comment.delete')
  remove(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.comments.remove(user, validatePayload(commentParamsSchema, data).id);
  }

  @MessagePattern('community.comment.like')
  like(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.comments.like(user, validatePayload(commentParamsSchema, data).id);
  }

  @MessagePattern('community.comment.unlike')
  unlike(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.comments.unlike(user, validatePayload(commentParamsSchema, data).id);
  }
}

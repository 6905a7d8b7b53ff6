import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { RpcRequest } from '@portal/contracts';
import { quizListQuerySchema, quizPageQuerySchema, quizParamsSchema, quizRejectSchema, quizResultSchema, quizUpdateSchema, quizWriteSchema } from '@portal/contracts/schemas';
import { signedIn, validatePayload } from '@portal/platform';
import { QuizAccess } from './services/quiz-access';
import { QuizAttemptsService } from './services/quiz-attempts.service';
import { QuizModerationService } from './services/quiz-moderation.service';
import { QuizzesReader } from './services/quizzes-reader';
import { QuizzesService } from './services/quizzes.service';

/** Quizzes (docs/community.md, «Quizzes»). The author and player is always the caller's token; the admin role is asked of auth. */
@Controller()
export class QuizzesMessageController {
  constructor(
    private readonly quizzes: QuizzesService,
    private readonly reader: QuizzesReader,
    private readonly moderation: QuizModerationService,
    private readonly attempts: QuizAttemptsService,
    private readonly access: QuizAccess,
  ) {}

  @MessagePattern('community.quiz.list')
  list(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.list(meta.user, validatePayload(quizListQuerySchema, data));
  }

  @MessagePattern('community.quiz.get')
  get(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.get(meta.user, validatePayload(quizParamsSchema, data).id);
  }

  @MessagePattern('community.quiz.editable')
  editable(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.editable(signedIn(meta.user), validatePayload(quizParamsSchema, data).id);
  }

  @MessagePattern('community.quiz.mine')
  mine(@Payload() { meta, data }: RpcRequest<unknown>) {
    return this.reader.mine(signedIn(meta.user), validatePayload(quizPageQuerySchema, data));
  }

  @MessagePattern('community.quiz.moderation')
  async pending(@Payload() { meta, data }: RpcRequest<unknown>) {
    const admin = signedIn(meta.user);
    const query = validatePayload(quizPageQuerySchema, data);
    await this.access.requireAdmin(admin);
    return this.reader.moderation(admin, query);
  }

  @MessagePattern('community.quiz.create')
  create(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.quizzes.create(user, validatePayload(quizWriteSchema, data));
  }

  @MessagePattern('community.quiz.update')
  update(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.quizzes.update(user, validatePayload(quizUpdateSchema, data));
  }

  @MessagePattern('community.quiz.delete')
  delete(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.quizzes.delete(user, validatePayload(quizParamsSchema, data).id);
  }

  @MessagePattern('community.quiz.approve')
  approve(@Payload() { meta, data }: RpcRequest<unknown>) {
    const admin = signedIn(meta.user);
    return this.moderation.approve(admin, validatePayload(quizParamsSchema, data).id);
  }

  @MessagePattern('community.quiz.reject')
  reject(@Payload() { meta, data }: RpcRequest<unknown>) {
    const admin = signedIn(meta.user);
    return this.moderation.reject(admin, validatePayload(quizRejectSchema, data));
  }

  @MessagePattern('community.quiz.attempt.start')
  start(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.attempts.start(user, validatePayload(quizParamsSchema, data).id);
  }

  @MessagePattern('community.quiz.result.submit')
  submit(@Payload() { meta, data }: RpcRequest<unknown>) {
    const user = signedIn(meta.user);
    return this.attempts.submit(user, validatePayload(quizResultSchema, data));
  }
}

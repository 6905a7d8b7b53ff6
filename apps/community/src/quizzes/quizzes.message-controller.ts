import { Controller } from '@nestjs/common';
import type {
  AuthenticatedUser,
  QuizIdRequest,
  QuizListRequest,
  QuizPageRequest,
  QuizRejectRequest,
  QuizResultRequest,
  QuizUpdateRequest,
  QuizWriteRequest,
} from '@portal/contracts';
import { QUIZZES_OPERATIONS } from '@portal/contracts/operations';
import { Caller, HandlesOperation, Input } from '@portal/platform';
import { QuizAttemptsService } from './services/quiz-attempts.service';
import { QuizModerationService } from './services/quiz-moderation.service';
import { QuizzesReader } from './services/quizzes-reader';
import { QuizzesService } from './services/quizzes.service';

/** Quizzes (docs/community.md, «Quizzes»). The author and player is always the caller's token. */
@Controller()
export class QuizzesMessageController {
  constructor(
    private readonly quizzes: QuizzesService,
    private readonly reader: QuizzesReader,
    private readonly moderation: QuizModerationService,
    private readonly attempts: QuizAttemptsService,
  ) {}

  @HandlesOperation(QUIZZES_OPERATIONS.list)
  list(@Input() query: QuizListRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.list(viewer, query);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.get)
  get(@Input() { id }: QuizIdRequest, @Caller() viewer: AuthenticatedUser | undefined) {
    return this.reader.get(viewer, id);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.editable)
  editable(@Input() { id }: QuizIdRequest, @Caller() editor: AuthenticatedUser) {
    return this.reader.editable(editor, id);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.mine)
  mine(@Input() query: QuizPageRequest, @Caller() author: AuthenticatedUser) {
    return this.reader.mine(author, query);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.moderation)
  pending(@Input() query: QuizPageRequest, @Caller() admin: AuthenticatedUser) {
    return this.reader.moderation(admin, query);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.create)
  create(@Input() quiz: QuizWriteRequest, @Caller() author: AuthenticatedUser) {
    return this.quizzes.create(author, quiz);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.update)
  update(@Input() quiz: QuizUpdateRequest, @Caller() editor: AuthenticatedUser) {
    return this.quizzes.update(editor, quiz);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.delete)
  delete(@Input() { id }: QuizIdRequest, @Caller() editor: AuthenticatedUser) {
    return this.quizzes.delete(editor, id);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.approve)
  approve(@Input() { id }: QuizIdRequest, @Caller() admin: AuthenticatedUser) {
    return this.moderation.approve(admin, id);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.reject)
  reject(@Input() decision: QuizRejectRequest, @Caller() admin: AuthenticatedUser) {
    return this.moderation.reject(admin, decision);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.start)
  start(@Input() { id }: QuizIdRequest, @Caller() player: AuthenticatedUser) {
    return this.attempts.start(player, id);
  }

  @HandlesOperation(QUIZZES_OPERATIONS.submit)
  submit(@Input() result: QuizResultRequest, @Caller() player: AuthenticatedUser) {
    return this.attempts.submit(player, result);
  }
}

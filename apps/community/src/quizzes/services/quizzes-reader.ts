import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthenticatedUser,
  type QuizEditable,
  type QuizListRequest,
  type QuizModerationPage,
  type QuizPage,
  type QuizPageRequest,
  type QuizSummary,
  QUIZZES_PAGE_SIZE,
} from '@portal/contracts';
import { QUIZ_SETTINGS, type QuizSettings } from '../quiz-settings';
import { quizNotFound } from '../quiz-errors';
import { toQuizBest, toQuizEditable, toQuizSummary } from '../quiz-view';
import { type BestRow, type QuizRow, QuizzesRepository } from '../quizzes.repository';
import { QuizAccess } from './quiz-access';

const offsetOf = (page: number) => (page - 1) * QUIZZES_PAGE_SIZE;

/** Every read of quizzes: the public lists, one quiz, the author's own, the moderation queue. */
@Injectable()
export class QuizzesReader {
  constructor(
    private readonly quizzes: QuizzesRepository,
    private readonly access: QuizAccess,
    @Inject(QUIZ_SETTINGS) private readonly settings: QuizSettings,
  ) {}

  async list(viewer: AuthenticatedUser | undefined, { sort, page }: QuizListRequest): Promise<QuizPage> {
    const { rows, total } = await this.quizzes.approvedPage(sort, offsetOf(page), QUIZZES_PAGE_SIZE);
    return { items: await this.summaries(viewer, rows, false), page, limit: QUIZZES_PAGE_SIZE, total };
  }

  /** The caller's quizzes in every status, newest first, with their reject reasons. */
  async mine(user: AuthenticatedUser, { page }: QuizPageRequest): Promise<QuizPage> {
    const { rows, total } = await this.quizzes.authorPage(user.id, offsetOf(page), QUIZZES_PAGE_SIZE);
    return { items: await this.summaries(user, rows, false), page, limit: QUIZZES_PAGE_SIZE, total };
  }

  /** Admins (checked by the caller): pending quizzes, longest waiting first, with their answers. */
  async moderation(admin: AuthenticatedUser, { page }: QuizPageRequest): Promise<QuizModerationPage> {
    const { rows, total } = await this.quizzes.pendingPage(offsetOf(page), QUIZZES_PAGE_SIZE);
    return { items: rows.map((row) => toQuizEditable(row, { id: admin.id, isAdmin: true, best: null })), page, limit: QUIZZES_PAGE_SIZE, total };
  }

  /** One quiz without its questions: approved, or the viewer's own, or any to an admin (404 otherwise). */
  async get(viewer: AuthenticatedUser | undefined, id: string): Promise<QuizSummary> {
    const row = await this.quizzes.find(id);
    if (!row) throw quizNotFound();
    const { visible, isAdmin } = await this.access.visible(viewer, row);
    if (!visible) throw quizNotFound();
    const [summary] = await this.summaries(viewer, [row], isAdmin);
    return summary;
  }

  /** The quiz with its answers, for the editor: its author and admins only. */
  async editable(user: AuthenticatedUser, id: string): Promise<QuizEditable> {
    const { quiz, isAdmin } = await this.access.requireEditor(user, await this.quizzes.find(id));
    return toQuizEditable(quiz, { id: user.id, isAdmin, best: await this.bestOf(user.id, quiz.id) });
  }

  async bestOf(userId: string, quizId: string) {
    const best = (await this.quizzes.bestOf(userId, [quizId])).get(quizId);
    return best ? toQuizBest(best, this.settings.successShare) : null;
  }

  private async summaries(viewer: AuthenticatedUser | undefined, rows: QuizRow[], isAdmin: boolean): Promise<QuizSummary[]> {
    const best = viewer
      ? await this.quizzes.bestOf(
          viewer.id,
          rows.map((row) => row.id),
        )
      : new Map<string, BestRow>();
    return rows.map((row) => {
      const mineBest = best.get(row.id);
      return toQuizSummary(row, { id: viewer?.id ?? null, isAdmin, best: mineBest ? toQuizBest(mineBest, this.settings.successShare) : null });
    });
  }
}

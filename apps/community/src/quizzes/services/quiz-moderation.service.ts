import { Injectable } from '@nestjs/common';
import { type AuthenticatedUser, QUIZ_MESSAGES, type QuizRejectRequest, type QuizSummary } from '@portal/contracts';
import { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import { NotificationsService } from '../../notifications/notifications.service';
import { quizConflict, quizNotFound } from '../quiz-errors';
import { toQuizSummary } from '../quiz-view';
import { QuizzesRepository } from '../quizzes.repository';
import { existingRow } from '@portal/db';

/** An admin (the operations' access asked auth) approves or rejects a pending quiz; the author is told, and the audit log's event written, in the same transaction. */
@Injectable()
export class QuizModerationService {
  constructor(
    private readonly quizzes: QuizzesRepository,
    private readonly notifications: NotificationsService,
    private readonly adminActions: AdminActionPublisher,
  ) {}

  approve(admin: AuthenticatedUser, id: string): Promise<QuizSummary> {
    return this.decide(admin, id, null);
  }

  reject(admin: AuthenticatedUser, { id, reason }: QuizRejectRequest): Promise<QuizSummary> {
    return this.decide(admin, id, reason);
  }

  /** `reason` null: approve. Only a pending quiz is decided on (409 otherwise). */
  private async decide(admin: AuthenticatedUser, id: string, reason: string | null): Promise<QuizSummary> {
    const row = await this.quizzes.transaction(async (manager) => {
      const current = await this.quizzes.lock(manager, id);
      if (!current) throw quizNotFound();
      if (current.status !== 'pending') throw quizConflict(QUIZ_MESSAGES.notPending);
      const status = reason === null ? 'approved' : 'rejected';
      await this.quizzes.moderate(manager, id, { status, reason, adminId: admin.id });
      const [before, after] =
        reason === null
          ? [{ status: current.status }, { status }]
          : [
              { status: current.status, reason: current.rejection_reason },
              { status, reason },
            ];
      await this.adminActions.publish(manager, admin, { target: 'quiz', targetId: id, action: status, subjectUserId: current.author_id, before, after });
      const target = { type: 'quiz' as const, quizId: id, quizTitle: current.title };
      await this.notifications.notify(
        manager,
        reason === null
          ? { userId: current.author_id, kind: 'quiz.approved', target }
          : { userId: current.author_id, kind: 'quiz.rejected', target: { ...target, reason } },
      );
      return existingRow(await this.quizzes.find(id, manager), `quiz ${id}`);
    });
    return toQuizSummary(row, { id: admin.id, isAdmin: true, best: null });
  }
}

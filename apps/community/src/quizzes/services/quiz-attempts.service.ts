import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthenticatedUser,
  ErrorCode,
  QUIZ_MESSAGES,
  QUIZ_SUBMIT_GRACE_SECONDS,
  type QuizAttempt,
  type QuizResult,
  type QuizResultRequest,
  quizUrl,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { quizConflict, quizNotFound } from '../quiz-errors';
import { scoreAnswers } from '../quiz-scoring';
import { QUIZ_SETTINGS, type QuizSettings } from '../quiz-settings';
import { isSuccess, toPlayQuestions, toQuizBest } from '../quiz-view';
import { QuizzesRepository } from '../quizzes.repository';
import { QuizAccess } from './quiz-access';

/**
 * Playing a quiz: an attempt hands out the questions without their answers (and starts the clock of
 * a timed quiz); its submission is scored here, once, and whatever score the client claims is never read.
 */
@Injectable()
export class QuizAttemptsService {
  constructor(
    private readonly quizzes: QuizzesRepository,
    private readonly access: QuizAccess,
    private readonly outbox: OutboxPublisher,
    @Inject(QUIZ_SETTINGS) private readonly settings: QuizSettings,
  ) {}

  /** Approved quizzes only: 404 for one the caller cannot see, 409 for their own or (admins) any not yet approved. */
  async start(user: AuthenticatedUser, quizId: string): Promise<QuizAttempt> {
    const quiz = await this.quizzes.find(quizId);
    if (!quiz) throw quizNotFound();
    if (quiz.status !== 'approved') {
      if ((await this.access.visible(user, quiz)).visible) throw quizConflict(QUIZ_MESSAGES.notPlayable);
      throw quizNotFound();
    }
    const attempt = await this.quizzes.transaction((manager) =>
      this.quizzes.startAttempt(manager, { id: randomUUID(), quizId, userId: user.id, version: quiz.version, limitSeconds: quiz.time_limit_seconds }),
    );
    return {
      attemptId: attempt.id,
      quizId,
      questions: toPlayQuestions(quiz),
      timeLimitSeconds: quiz.time_limit_seconds,
      startedAt: attempt.started_at.toISOString(),
      expiresAt: attempt.expires_at?.toISOString() ?? null,
    };
  }

  /**
   * Scores the caller's attempt and keeps their best result; `community.quiz.result.recorded`
   * commits with it. Refused (changing nothing): another's or an unknown attempt (404), a second
   * submission (409; of two at once, the row lock lets exactly one through), a late one, one begun
   * before the quiz was edited or while it is no longer approved.
   */
  async submit(user: AuthenticatedUser, { quizId, attemptId, answers }: QuizResultRequest): Promise<QuizResult> {
    const successShare = this.settings.successShare;
    const result = await this.quizzes.transaction(async (manager) => {
      const attempt = await this.quizzes.lockAttempt(manager, attemptId, user.id, QUIZ_SUBMIT_GRACE_SECONDS);
      if (!attempt || attempt.quiz_id !== quizId) throw RpcError.of(ErrorCode.NotFound, QUIZ_MESSAGES.attemptNotFound);
      if (attempt.submitted_at) throw quizConflict(QUIZ_MESSAGES.alreadySubmitted);
      if (attempt.late) throw quizConflict(QUIZ_MESSAGES.timeUp);
      const quiz = await this.quizzes.find(quizId, manager);
      if (!quiz || quiz.status !== 'approved' || quiz.version !== attempt.quiz_version) throw quizConflict(QUIZ_MESSAGES.quizChanged);
      if (answers.length !== quiz.question_count) throw RpcError.validation([{ field: 'answers', message: QUIZ_MESSAGES.answersCount }]);

      const { score, reviews } = scoreAnswers(quiz.questions, answers);
      const total = quiz.question_count;
      const success = isSuccess(score, total, successShare);
      await this.quizzes.submitAttempt(manager, attemptId, score, answers);
      const previous = await this.quizzes.lockResult(manager, quizId, user.id);
      await this.quizzes.keepBest(manager, { quizId, userId: user.id, attemptId, score, total, success }, previous);
      const firstSuccess = success && !previous?.first_success_at;
      await this.outbox.publish(manager, 'community.quiz.result.recorded', {
        quizId,
        attemptId,
        userId: user.id,
        score,
        totalQuestions: total,
        success,
        firstSuccess,
      });
      const best = previous && previous.best_score >= score ? previous : { best_score: score, total_questions: total };
      return { score, total, success, reviews, best };
    });
    this.outbox.afterCommit();
    return {
      quizId,
      attemptId,
      score: result.score,
      totalQuestions: result.total,
      success: result.success,
      answers: result.reviews,
      best: toQuizBest(result.best, successShare),
      shareUrl: quizUrl(quizId),
    };
  }
}

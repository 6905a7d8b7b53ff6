import { type QuizBest, type QuizEditable, type QuizPlayQuestion, type QuizSummary, quizImageUrl } from '@portal/contracts';
import type { BestRow, QuizRow } from './quizzes.repository';

const imageUrlOf = (id: string | null) => (id ? quizImageUrl(id) : null);

/** A result as the API gives it: `success` decided by the configured share. */
export function toQuizBest(row: Pick<BestRow, 'best_score' | 'total_questions'>, successShare: number): QuizBest {
  return { score: row.best_score, totalQuestions: row.total_questions, success: isSuccess(row.best_score, row.total_questions, successShare) };
}

export const isSuccess = (score: number, total: number, successShare: number) => total > 0 && score / total >= successShare;

/** A quiz without its questions, for one viewer (`mine`, their best result; the reject reason only to its author and admins). */
export function toQuizSummary(row: QuizRow, viewer: { id: string | null; isAdmin: boolean; best: QuizBest | null }): QuizSummary {
  const mine = viewer.id !== null && viewer.id === row.author_id;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover,
    coverUrl: imageUrlOf(row.cover),
    anime: row.anime,
    questionCount: row.question_count,
    timeLimitSeconds: row.time_limit_seconds,
    status: row.status,
    rejectionReason: mine || viewer.isAdmin ? row.rejection_reason : null,
    players: row.players,
    author: { id: row.author_id, username: row.username },
    mine,
    best: viewer.best,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** With the answers: only ever built for the quiz's author or an admin. */
export function toQuizEditable(row: QuizRow, viewer: { id: string; isAdmin: boolean; best: QuizBest | null }): QuizEditable {
  return {
    ...toQuizSummary(row, viewer),
    questions: row.questions.map((question) => ({ ...question, imageUrl: imageUrlOf(question.image) })),
  };
}

/** The questions as a player gets them: texts and options, never which are correct. */
export function toPlayQuestions(row: QuizRow): QuizPlayQuestion[] {
  return row.questions.map((question) => ({
    text: question.text,
    imageUrl: imageUrlOf(question.image),
    options: question.options,
    multiple: question.correct.length > 1,
  }));
}

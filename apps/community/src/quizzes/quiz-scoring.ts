import type { QuizAnswerReview, QuizQuestionInput } from '@portal/contracts';

/**
 * The score of one attempt: a question counts when the chosen options are exactly its correct
 * ones (none missing, none extra). `answers` holds sorted, distinct indexes, one list per question.
 */
export function scoreAnswers(questions: QuizQuestionInput[], answers: number[][]): { score: number; reviews: QuizAnswerReview[] } {
  const reviews = questions.map((question, index) => {
    const selected = answers[index] ?? [];
    const right = selected.length === question.correct.length && selected.every((option, at) => option === question.correct[at]);
    return { selected, correct: question.correct, right };
  });
  return { score: reviews.filter((review) => review.right).length, reviews };
}

import { scoreAnswers } from './quiz-scoring';

const question = (correct: number[]) => ({ text: 'Вопрос', image: null, options: ['а', 'б', 'в'], correct });

describe('scoring a quiz attempt', () => {
  it('counts a question only when the chosen options are exactly the correct ones', () => {
    const { score, reviews } = scoreAnswers([question([0]), question([0, 2]), question([1]), question([1, 2])], [[0], [0], [0, 1], [1, 2]]);
    expect(score).toBe(2);
    expect(reviews.map((review) => review.right)).toEqual([true, false, false, true]);
    expect(reviews[1]).toEqual({ selected: [0], correct: [0, 2], right: false });
  });

  it('counts an unanswered question as wrong', () => {
    expect(scoreAnswers([question([0]), question([1])], [[0]]).score).toBe(1);
    expect(scoreAnswers([question([0])], [[]]).reviews[0]).toEqual({ selected: [], correct: [0], right: false });
  });
});

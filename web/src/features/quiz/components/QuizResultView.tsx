import type { QuizAttempt, QuizResult } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { QUIZ_STRINGS } from '../strings';

const S = QUIZ_STRINGS.result;

const optionsText = (options: string[], indexes: number[]) => indexes.map((index) => options[index]).join(', ');

/** The link to the quiz and a button that copies it (the result itself stays private). */
function ShareLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="quiz-share">
      <label className="field__label" htmlFor="quiz-share-link">
        {S.shareLabel}
      </label>
      <div className="quiz-share__row">
        <input id="quiz-share-link" className="field__input" readOnly value={url} onFocus={(event) => event.target.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {S.copy}
        </Button>
      </div>
      <FieldMessage message={copied === 'yes' ? S.copied : copied === 'failed' ? S.copyFailed : null} tone={copied === 'yes' ? 'success' : 'error'} />
    </div>
  );
}

/** The server's score, each answer against the right one, the best result and the share link. */
export function QuizResultView({ attempt, result, onAgain }: { attempt: QuizAttempt; result: QuizResult; onAgain(): void }) {
  const shareUrl = `${window.location.origin}${result.shareUrl}`;
  return (
    <section className="quiz-result" aria-labelledby="quiz-result-title">
      <h2 id="quiz-result-title">{S.title}</h2>
      <p className="quiz-result__score">{S.score(result.score, result.totalQuestions)}</p>
      <p className={result.success ? 'quiz-result__verdict quiz-result__verdict--success' : 'quiz-result__verdict'}>{result.success ? S.success : S.failure}</p>
      <p className="muted">{S.best(result.best.score, result.best.totalQuestions)}</p>
      <ol className="quiz-result__answers" aria-label={S.answersLabel}>
        {result.answers.map((answer, index) => {
          const question = attempt.questions[index];
          return (
            <li key={index} className={answer.right ? 'quiz-answer quiz-answer--right' : 'quiz-answer quiz-answer--wrong'}>
              <p className="quiz-answer__question">
                <span className="quiz-answer__mark">{answer.right ? `✓ ${S.right}` : `✗ ${S.wrong}`}</span> {question?.text}
              </p>
              <p>{answer.selected.length > 0 ? S.yourAnswer(optionsText(question?.options ?? [], answer.selected)) : S.noAnswer}</p>
              {answer.right ? null : <p>{S.correctAnswer(optionsText(question?.options ?? [], answer.correct))}</p>}
            </li>
          );
        })}
      </ol>
      <ShareLink url={shareUrl} />
      <Button variant="secondary" onClick={onAgain}>
        {QUIZ_STRINGS.play.again}
      </Button>
    </section>
  );
}

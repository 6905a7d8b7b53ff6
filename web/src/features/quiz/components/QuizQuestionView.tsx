import type { QuizPlayQuestion } from '@portal/contracts';
import { useEffect, useId, useRef } from 'react';
import { formatTime } from '../../../shared/lib/format-time';
import { Button } from '../../../shared/ui/Button';
import { QUIZ_STRINGS } from '../strings';

const S = QUIZ_STRINGS.play;

export interface QuizQuestionViewProps {
  question: QuizPlayQuestion;
  index: number;
  total: number;
  chosen: number[];
  /** Null without a time limit. */
  secondsLeft: number | null;
  /** The answers are frozen (time up, or being sent). */
  locked: boolean;
  submitting: boolean;
  onToggle(option: number): void;
  onMove(by: 1 | -1): void;
  onFinish(): void;
}

/** One question: its text and picture, the options (radio buttons, or checkboxes when several are right), the timer and the way on. */
export function QuizQuestionView({ question, index, total, chosen, secondsLeft, locked, submitting, onToggle, onMove, onFinish }: QuizQuestionViewProps) {
  const legendId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const last = index === total - 1;
  // A new question is announced to screen readers and keyboard users start from it.
  useEffect(() => heading.current?.focus(), [index]);
  return (
    <section className="quiz-play" aria-live="off">
      <div className="quiz-play__top">
        <p className="muted">{S.progress(index, total)}</p>
        {secondsLeft !== null ? (
          <p className={secondsLeft <= 10 ? 'quiz-timer quiz-timer--low' : 'quiz-timer'} role="timer" aria-label={S.timer}>
            {formatTime(secondsLeft)}
          </p>
        ) : null}
      </div>
      <progress className="quiz-play__progress" max={total} value={index + 1} aria-hidden="true" />
      <fieldset className="quiz-play__question" disabled={locked}>
        <legend id={legendId}>
          <h2 ref={heading} tabIndex={-1} className="quiz-play__text">
            {question.text}
          </h2>
        </legend>
        {question.imageUrl ? <img className="quiz-play__image" src={question.imageUrl} alt="" /> : null}
        <p className="muted">{question.multiple ? S.chooseMany : S.chooseOne}</p>
        <div className="quiz-options">
          {question.options.map((option, at) => (
            <label key={at} className={chosen.includes(at) ? 'quiz-option quiz-option--chosen' : 'quiz-option'}>
              <input
                type={question.multiple ? 'checkbox' : 'radio'}
                name={`quiz-question-${index}`}
                checked={chosen.includes(at)}
                onChange={() => onToggle(at)}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="quiz-play__nav">
        <Button variant="secondary" disabled={index === 0 || locked} onClick={() => onMove(-1)}>
          {S.previous}
        </Button>
        {last ? (
          <Button disabled={locked || submitting} onClick={onFinish}>
            {submitting ? S.submitting : S.finish}
          </Button>
        ) : (
          <Button disabled={locked} onClick={() => onMove(1)}>
            {S.next}
          </Button>
        )}
      </div>
    </section>
  );
}

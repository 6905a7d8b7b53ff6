import { QUIZ_OPTIONS_MAX, QUIZ_OPTIONS_MIN, QUIZ_QUESTIONS_MIN } from '@portal/contracts';
import { useId } from 'react';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { withCorrectToggled, withoutOption, type DraftErrors, type QuestionDraft } from '../lib/quiz-draft';
import { QUIZ_STRINGS } from '../strings';
import { QuizImageField } from './QuizImageField';

const S = QUIZ_STRINGS.editor;

export interface QuestionEditorProps {
  question: QuestionDraft;
  index: number;
  count: number;
  errors: DraftErrors;
  disabled: boolean;
  onChange(question: QuestionDraft): void;
  onRemove(): void;
}

/** One question of the editor: its text, picture and 2–6 options, each marked right or not. */
export function QuestionEditor({ question, index, count, errors, disabled, onChange, onRemove }: QuestionEditorProps) {
  const id = useId();
  const path = `questions.${index}`;
  const textError = errors[`${path}.text`];
  const optionsError = errors[`${path}.options`] ?? errors[`${path}.correct`];
  return (
    <fieldset className="quiz-question-editor">
      <legend>{S.question(index)}</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {S.questionText}
        </label>
        <textarea
          id={`${id}-text`}
          className="field__input"
          rows={2}
          value={question.text}
          disabled={disabled}
          aria-invalid={Boolean(textError) || undefined}
          aria-describedby={textError ? `${id}-text-error` : undefined}
          onChange={(event) => onChange({ ...question, text: event.target.value })}
        />
        <FieldMessage id={`${id}-text-error`} message={textError} />
      </div>
      <QuizImageField
        label={S.questionImage}
        value={question.image}
        disabled={disabled}
        error={errors[`${path}.image`]}
        onChange={(image) => onChange({ ...question, image })}
      />
      <div role="group" aria-labelledby={`${id}-options`} aria-describedby={optionsError ? `${id}-options-error` : undefined} className="quiz-option-editors">
        <p id={`${id}-options`} className="field__label">
          {S.options}
        </p>
        {question.options.map((option, at) => {
          const optionError = errors[`${path}.options.${at}`];
          return (
            <div key={at} className="quiz-option-editor">
              <input
                type="checkbox"
                checked={question.correct.includes(at)}
                disabled={disabled}
                aria-label={S.correct(at)}
                onChange={() => onChange(withCorrectToggled(question, at))}
              />
              <input
                className="field__input"
                value={option}
                disabled={disabled}
                aria-label={S.option(at)}
                aria-invalid={Boolean(optionError) || undefined}
                onChange={(event) => onChange({ ...question, options: question.options.map((value, i) => (i === at ? event.target.value : value)) })}
              />
              <Button
                size="small"
                variant="ghost"
                aria-label={S.removeOption(at)}
                disabled={disabled || question.options.length <= QUIZ_OPTIONS_MIN}
                onClick={() => onChange(withoutOption(question, at))}
              >
                ✕
              </Button>
              <FieldMessage message={optionError} />
            </div>
          );
        })}
        <FieldMessage id={`${id}-options-error`} message={optionsError} />
      </div>
      <div className="quiz-question-editor__actions">
        <Button
          size="small"
          variant="secondary"
          disabled={disabled || question.options.length >= QUIZ_OPTIONS_MAX}
          onClick={() => onChange({ ...question, options: [...question.options, ''] })}
        >
          {S.addOption}
        </Button>
        <Button size="small" variant="ghost" disabled={disabled || count <= QUIZ_QUESTIONS_MIN} onClick={onRemove}>
          {S.removeQuestion(index)}
        </Button>
      </div>
    </fieldset>
  );
}

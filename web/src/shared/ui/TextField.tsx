import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { FieldMessage, type FieldMessageTone } from './FieldMessage';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input; an error also marks the input invalid. */
  message?: string | null;
  messageTone?: FieldMessageTone;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, message, messageTone = 'error', ...inputProps }, ref) {
  const id = useId();
  const messageId = `${id}-message`;
  const isError = Boolean(message) && messageTone === 'error';
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="field__input"
        aria-invalid={isError || undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
      />
      <FieldMessage id={messageId} message={message} tone={messageTone} />
    </div>
  );
});

import { useId } from 'react';
import { FieldMessage } from './FieldMessage';
import './counted-text-area.css';

export interface CountedTextAreaProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Characters after trimming; past it the count turns red. */
  maxLength: number;
  /** The field's problem (local or the server's), under it. */
  message: string | null;
  disabled?: boolean;
  placeholder?: string;
  rows?: number;
  autoFocus?: boolean;
  className?: string;
}

/** A plain-text field with its «n / max» count and its message: a reason, a report's details. */
export function CountedTextArea({ label, value, onChange, maxLength, message, disabled, placeholder, rows = 4, autoFocus, className }: CountedTextAreaProps) {
  const fieldId = useId();
  const length = value.trim().length;
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className={['field__input', 'counted-text-area', className].filter(Boolean).join(' ')}
        value={value}
        rows={rows}
        placeholder={placeholder}
        aria-invalid={Boolean(message) || undefined}
        aria-describedby={`${fieldId}-count${message ? ` ${fieldId}-message` : ''}`}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="counted-text-area__meta" id={`${fieldId}-count`}>
        <span className={length > maxLength ? 'counted-text-area__count--over' : 'muted'}>{`${length} / ${maxLength}`}</span>
      </div>
      <FieldMessage id={`${fieldId}-message`} message={message} />
    </div>
  );
}

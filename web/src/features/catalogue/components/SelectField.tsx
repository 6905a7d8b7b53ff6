import { useId, type SelectHTMLAttributes } from 'react';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import '../catalogue.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: readonly SelectOption[];
  /** The first option, with the value '' (e.g. "Любой"); omitted when not given. */
  emptyLabel?: string;
  /** An error shown under the field. */
  message?: string | null;
}

/** A labelled native select: works with any keyboard, screen reader and TV remote. */
export function SelectField({ label, value, onValueChange, options, emptyLabel, message, ...props }: SelectFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...props}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} message={message} />
    </div>
  );
}

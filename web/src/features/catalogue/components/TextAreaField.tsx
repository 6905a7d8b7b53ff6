import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import '../catalogue.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  message?: string | null;
}

export function TextAreaField({ label, message, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="textarea" aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-message` : undefined} {...props} />
      <FieldMessage id={`${id}-message`} message={message} />
    </div>
  );
}

export type FieldMessageTone = 'error' | 'success' | 'info';

export interface FieldMessageProps {
  /** For the field's aria-describedby. */
  id?: string;
  /** Nothing is rendered without a message. */
  message: string | null | undefined;
  tone?: FieldMessageTone;
}

/** The line under a form field: an error (announced at once), a confirmation or a hint. */
export function FieldMessage({ id, message, tone = 'error' }: FieldMessageProps) {
  if (!message) return null;
  return (
    <p id={id} className={`field__message field__message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}

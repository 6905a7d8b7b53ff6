import type { InputHTMLAttributes } from 'react';
import { TextField } from '../../../shared/ui/TextField';
import { useDraftValue } from '../hooks/useDraftValue';

export interface DraftFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  /** The committed value (from the URL). */
  value: string;
  onCommit(value: string): void;
  delayMs?: number;
}

/** A text or number filter that commits after typing stops, on Enter and on leaving the field. */
export function DraftField({ label, value, onCommit, delayMs, onBlur, onKeyDown, ...inputProps }: DraftFieldProps) {
  const { draft, setDraft, commitNow } = useDraftValue(value, onCommit, delayMs);
  return (
    <TextField
      label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={(event) => {
        commitNow();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commitNow();
        }
        onKeyDown?.(event);
      }}
      {...inputProps}
    />
  );
}

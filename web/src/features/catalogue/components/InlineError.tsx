import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/Button';
import { CATALOGUE_STRINGS } from '../strings';
import '../catalogue.css';

export interface InlineErrorProps {
  message: ReactNode;
  onRetry(): void;
}

/** A failed list, row or next page, in place of its content: the message in red and "Повторить". */
export function InlineError({ message, onRetry }: InlineErrorProps) {
  return (
    <div className="inline-state inline-state--error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {CATALOGUE_STRINGS.retry}
      </Button>
    </div>
  );
}

import { Button } from './Button';
import { FieldMessage } from './FieldMessage';
import { Spinner } from './Spinner';
import { UI_STRINGS } from './strings';
import './list-state.css';

export type ListStateProps =
  | { kind: 'loading'; label: string }
  | { kind: 'empty'; text: string }
  /** The list could not load: what failed, the server's message, and a retry. */
  | { kind: 'error'; title: string; message: string; onRetry(): void; retryLabel?: string };

/** Where a list's items would be while it loads, when it is empty, or when it failed (with «Повторить»). */
export function ListState(props: ListStateProps) {
  if (props.kind === 'loading') {
    return (
      <div className="list-state">
        <Spinner label={props.label} />
      </div>
    );
  }
  if (props.kind === 'empty') return <p className="list-state muted">{props.text}</p>;
  return (
    <div className="list-state">
      <p>{props.title}</p>
      <FieldMessage message={props.message} />
      <Button variant="secondary" size="small" onClick={props.onRetry}>
        {props.retryLabel ?? UI_STRINGS.retry}
      </Button>
    </div>
  );
}

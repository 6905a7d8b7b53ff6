import { Button } from './Button';
import { Dialog } from './Dialog';
import { FieldMessage } from './FieldMessage';
import { UI_STRINGS } from './strings';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The refusal to show under the buttons (the server's message), or null. */
  error: string | null;
}

/** A yes/no question before something irreversible: confirm, in progress (cannot be closed), refused. */
export function ConfirmDialog({ open, onOpenChange, onConfirm, title, description, confirmLabel, pendingLabel, pending, error }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)} title={title} description={description} widthPx={420}>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {UI_STRINGS.cancel}
        </Button>
        <Button onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
      <FieldMessage message={error} />
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { ORDERS_STRINGS as S } from '../strings';

export interface RejectDialogProps {
  open: boolean;
  title: string;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onOpenChange(open: boolean): void;
  onReject(reason: string): void;
}

/** The form inside the dialog: mounted while it is open, so each opening starts empty. */
function RejectForm({ pending, error, onOpenChange, onReject }: Omit<RejectDialogProps, 'open' | 'title'>) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {S.reasonLabel}
        </label>
        <textarea
          id={id}
          className="field__input"
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={missing || undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
      </div>
      <FieldMessage message={missing ? S.reasonRequired : error} />
      <div className="orders-dialog__actions">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? S.rejecting : S.rejectConfirm}
        </Button>
      </div>
    </form>
  );
}

/** Admin: the reason a request is rejected (required; its voters read it). */
export function RejectDialog({ open, title, ...form }: RejectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title={S.rejectTitle} description={S.rejectDescription(title)}>
      <RejectForm {...form} />
    </Dialog>
  );
}

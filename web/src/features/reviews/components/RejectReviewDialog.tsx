import { REVIEW_MESSAGES, REVIEW_REASON_MAX } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formFieldErrors } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { REVIEWS_STRINGS as S } from '../strings';

export interface RejectReviewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the trimmed reason, only once it is given and fits REVIEW_REASON_MAX. */
  onReject(reason: string): void;
  pending: boolean;
  /** The server's refusal: under the field when it names `reason`, else under the buttons. */
  error: unknown;
}

/** Checked as the server checks it (trimmed, 1–500 characters), so an empty reason is never sent. */
function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length === 0) return REVIEW_MESSAGES.reason;
  if (length > REVIEW_REASON_MAX) return REVIEW_MESSAGES.reasonTooLong;
  return null;
}

function RejectForm({ onCancel, onReject, pending, error }: Omit<RejectReviewDialogProps, 'open' | 'onOpenChange'> & { onCancel(): void }) {
  const [reason, setReason] = useState('');
  // The empty-reason message waits for a submit; the too-long one shows while typing.
  const [submitted, setSubmitted] = useState(false);
  const fieldId = useId();
  const problem = reasonProblem(reason);
  const local = submitted || reason.trim().length > REVIEW_REASON_MAX ? problem : null;
  const server = formFieldErrors(error, ['reason'] as const);
  const fieldMessage = local ?? server.fields.reason ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || pending) return;
    onReject(reason.trim());
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {S.reasonLabel}
        </label>
        <textarea
          id={fieldId}
          className="field__input review-reject__reason"
          value={reason}
          rows={4}
          placeholder={S.reasonPlaceholder}
          aria-invalid={Boolean(fieldMessage) || undefined}
          aria-describedby={`${fieldId}-count${fieldMessage ? ` ${fieldId}-message` : ''}`}
          disabled={pending}
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="review-form__meta" id={`${fieldId}-count`}>
          <span className={reason.trim().length > REVIEW_REASON_MAX ? 'review-form__hint--bad' : 'muted'}>{S.reasonCounter(reason.trim().length)}</span>
        </div>
        <FieldMessage id={`${fieldId}-message`} message={fieldMessage} />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {S.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? S.rejecting : S.reject}
        </Button>
      </div>
      <FieldMessage message={server.form} />
    </form>
  );
}

/** «Отклонить рецензию?»: the reason (required, told to the author), rejecting (cannot be closed), refused. */
export function RejectReviewDialog({ open, onOpenChange, ...form }: RejectReviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)} title={S.rejectTitle} description={S.rejectText} widthPx={520}>
      {/* Mounted per opening: every review starts with an empty reason. */}
      {open ? <RejectForm {...form} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

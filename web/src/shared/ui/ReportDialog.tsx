import { REPORT_REASONS, type ReportReason } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { formFieldErrors, isApiError } from '../api/api-error';
import { Button } from './Button';
import { CountedTextArea } from './CountedTextArea';
import { Dialog } from './Dialog';
import { FieldMessage } from './FieldMessage';
import { REPORT_STRINGS as S } from './report-strings';
import { UI_STRINGS } from './strings';
import './report-dialog.css';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** What is reported, in the accusative («комментарий»). */
  what: string;
  /** Called with a reason and the trimmed text, once they are valid. */
  onSubmit(report: { reason: ReportReason; text: string }): void;
  pending: boolean;
  /** The server took the report. */
  sent: boolean;
  /** The server's refusal: a 409 (already reported) replaces the form; field messages go under their fields. */
  error: unknown;
}

type ReportFormProps = Pick<ReportDialogProps, 'what' | 'onSubmit' | 'pending' | 'error'> & { onCancel(): void };

function ReportForm({ onCancel, onSubmit, pending, error }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const length = text.trim().length;
  const reasonProblem = reason === null ? S.chooseReason : null;
  const textProblem = reason === 'other' && length === 0 ? S.textRequired : length > S.textMax ? S.textTooLong : null;
  const server = formFieldErrors(error, ['reason', 'text'] as const);
  const reasonMessage = (submitted ? reasonProblem : null) ?? server.fields.reason ?? null;
  const textMessage = (submitted || length > S.textMax ? textProblem : null) ?? server.fields.text ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (reasonProblem || textProblem || pending || reason === null) return;
    onSubmit({ reason, text: text.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="report-dialog__reasons" disabled={pending} aria-invalid={Boolean(reasonMessage) || undefined}>
        <legend className="field__label">{S.reasonsLegend}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="report-dialog__reason">
            <input type="radio" name="report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
            {S.reasons[value]}
          </label>
        ))}
        <FieldMessage message={reasonMessage} />
      </fieldset>
      <CountedTextArea
        label={reason === 'other' ? S.textLabelRequired : S.textLabel}
        className="report-dialog__text"
        value={text}
        onChange={setText}
        maxLength={S.textMax}
        message={textMessage}
        placeholder={S.textPlaceholder}
        disabled={pending}
        rows={3}
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {UI_STRINGS.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? S.sending : S.submit}
        </Button>
      </div>
      <FieldMessage message={server.form} />
    </form>
  );
}

/** The end of a report: taken, or already there (the reporter's earlier report still waits). */
function ReportOutcome({ title, message, onClose }: { title: string; message: string; onClose(): void }) {
  return (
    <div className="report-dialog__outcome" role="status">
      <p className="report-dialog__outcome-title">{title}</p>
      <p>{message}</p>
      <div className="dialog__actions">
        <Button onClick={onClose}>{S.close}</Button>
      </div>
    </div>
  );
}

/**
 * «Пожаловаться» on anything reportable (docs/moderation.md): a reason from the list, a text (required
 * for «Другое»), sending (the dialog cannot be closed then), sent, or refused (a duplicate, a field).
 */
export function ReportDialog({ open, onOpenChange, what, sent, ...form }: ReportDialogProps) {
  const close = () => onOpenChange(false);
  const duplicate = isApiError(form.error) && form.error.status === 409;
  let body = null;
  if (open && sent) body = <ReportOutcome title={S.sentTitle} message={S.sent} onClose={close} />;
  else if (open && duplicate) body = <ReportOutcome title={S.duplicateTitle} message={(form.error as Error).message} onClose={close} />;
  // Mounted per opening: every report starts empty.
  else if (open) body = <ReportForm {...form} what={what} onCancel={close} />;
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)} title={S.title} description={S.description(what)} widthPx={480}>
      {body}
    </Dialog>
  );
}

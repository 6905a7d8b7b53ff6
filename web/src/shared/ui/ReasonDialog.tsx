import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '../api/api-error';
import { Button } from './Button';
import { CountedTextArea } from './CountedTextArea';
import { Dialog } from './Dialog';
import { FieldMessage } from './FieldMessage';
import { UI_STRINGS } from './strings';
import './reason-dialog.css';

/** What a reason dialog says: its feature's words and the server's messages for the field. */
export interface ReasonDialogText {
  title: string;
  description: string;
  label: string;
  placeholder?: string;
  submit: string;
  pending: string;
  /** The server's messages, so the field is checked as the server checks it. */
  required: string;
  tooLong: string;
}

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called with the trimmed reason, only once it is given and fits `maxLength`. */
  onSubmit(reason: string): void;
  pending: boolean;
  /** The server's refusal: under the field when it names `reason`, else under the buttons. */
  error: unknown;
  maxLength: number;
  text: ReasonDialogText;
}

type ReasonFormProps = Omit<ReasonDialogProps, 'open' | 'onOpenChange'> & { onCancel(): void };

function ReasonForm({ onCancel, onSubmit, pending, error, maxLength, text }: ReasonFormProps) {
  const [reason, setReason] = useState('');
  // The empty-reason message waits for a submit; the too-long one shows while typing.
  const [submitted, setSubmitted] = useState(false);
  const length = reason.trim().length;
  const problem = length === 0 ? text.required : length > maxLength ? text.tooLong : null;
  const local = submitted || length > maxLength ? problem : null;
  const server = formFieldErrors(error, ['reason'] as const);
  const fieldMessage = local ?? server.fields.reason ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || pending) return;
    onSubmit(reason.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <CountedTextArea
        label={text.label}
        className="reason-dialog__reason"
        value={reason}
        onChange={setReason}
        maxLength={maxLength}
        message={fieldMessage}
        placeholder={text.placeholder}
        disabled={pending}
        autoFocus
      />
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {UI_STRINGS.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? text.pending : text.submit}
        </Button>
      </div>
      <FieldMessage message={server.form} />
    </form>
  );
}

/**
 * An admin's decision that needs a reason the other side reads (a rejected review, order or quiz):
 * the reason (required, counted), sending (the dialog cannot be closed then), refused.
 */
export function ReasonDialog({ open, onOpenChange, ...form }: ReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)} title={form.text.title} description={form.text.description} widthPx={520}>
      {/* Mounted per opening: every decision starts with an empty reason. */}
      {open ? <ReasonForm {...form} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

import { BAN_KINDS, BAN_REASON_MAX, type BanKind } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { CountedTextArea } from '../../../shared/ui/CountedTextArea';
import { Dialog } from '../../../shared/ui/Dialog';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { UI_STRINGS } from '../../../shared/ui/strings';
import type { BanInput } from '../api/bans-api';
import { BAN_DURATIONS, BAN_STRINGS as S, type BanDuration } from '../strings';
import '../moderation.css';

const HOUR_MS = 3_600_000;
const DURATION_MS: Record<Exclude<BanDuration, 'auto'>, number> = { '1h': HOUR_MS, '1d': 24 * HOUR_MS, '7d': 7 * 24 * HOUR_MS, '30d': 30 * 24 * HOUR_MS };

/** The ban as the API takes it: the end from now, none for the escalation or a warning. */
export function banInput(kind: BanKind, duration: BanDuration, reason: string, now = Date.now()): BanInput {
  return kind === 'warning' || duration === 'auto' ? { kind, reason } : { kind, reason, until: new Date(now + DURATION_MS[duration]).toISOString() };
}

export interface BanUserDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Whom (their nickname, for the title). */
  username: string;
  /** `deleteContent`: the reported content goes too (only when `offerDelete`). */
  onSubmit(input: BanInput, deleteContent: boolean): void;
  /** From the reports queue: also offer to delete the reported content (checked at first). */
  offerDelete?: boolean;
  pending: boolean;
  /** The server's refusal: under its field when it names one, else under the buttons. */
  error: unknown;
}

type FormProps = Omit<BanUserDialogProps, 'open' | 'onOpenChange' | 'username'> & { onCancel(): void };

function BanForm({ onCancel, onSubmit, offerDelete = false, pending, error }: FormProps) {
  const [kind, setKind] = useState<BanKind>('read-only');
  const [deleteContent, setDeleteContent] = useState(offerDelete);
  const [duration, setDuration] = useState<BanDuration>('auto');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const length = reason.trim().length;
  const problem = length === 0 || length > BAN_REASON_MAX ? S.reasonRequired : null;
  const server = formFieldErrors(error, ['reason', 'kind', 'until'] as const);
  const reasonMessage = (submitted || length > BAN_REASON_MAX ? problem : null) ?? server.fields.reason ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || pending) return;
    onSubmit(banInput(kind, duration, reason.trim()), offerDelete && deleteContent);
  };

  return (
    <form onSubmit={submit} noValidate className="ban-dialog">
      <fieldset className="ban-dialog__kinds" disabled={pending}>
        <legend>{S.kindLabel}</legend>
        {BAN_KINDS.map((value) => (
          <label key={value} className="ban-dialog__kind">
            <input type="radio" name="ban-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
            <span>
              <strong>{S.kinds[value]}</strong> <small>{S.kindHints[value]}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="ban-dialog__duration">
        <span>{S.durationLabel}</span>
        <select value={duration} onChange={(event) => setDuration(event.target.value as BanDuration)} disabled={pending || kind === 'warning'}>
          {BAN_DURATIONS.map((value) => (
            <option key={value} value={value}>
              {S.durations[value]}
            </option>
          ))}
        </select>
      </label>
      <FieldMessage message={server.fields.until ?? server.fields.kind ?? null} />
      <CountedTextArea
        label={S.reasonLabel}
        value={reason}
        onChange={setReason}
        maxLength={BAN_REASON_MAX}
        message={reasonMessage}
        placeholder={S.reasonPlaceholder}
        disabled={pending}
        autoFocus
      />
      {offerDelete ? (
        <label className="ban-dialog__delete">
          <input type="checkbox" checked={deleteContent} disabled={pending} onChange={(event) => setDeleteContent(event.target.checked)} />
          <span>{S.deleteContent}</span>
        </label>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {UI_STRINGS.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? S.pending : S.submit}
        </Button>
      </div>
      <FieldMessage message={server.form} />
    </form>
  );
}

/**
 * An admin's ban of a user (docs/moderation.md, «Bans»): the measure, the term (the server's
 * escalation by default) and the reason the user reads. Used by the reports queue and the users screen.
 */
export function BanUserDialog({ open, onOpenChange, username, ...form }: BanUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !form.pending && onOpenChange(next)} title={S.title(username)} description={S.description} widthPx={560}>
      {/* Mounted per opening: every ban starts from the defaults. */}
      {open ? <BanForm {...form} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

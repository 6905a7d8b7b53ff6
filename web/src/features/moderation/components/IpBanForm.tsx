import { useState, type FormEvent } from 'react';
import { formFieldErrors } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/Button';
import { FieldMessage } from '../../../shared/ui/FieldMessage';
import { TextField } from '../../../shared/ui/TextField';
import type { IpBanInput } from '../api/ip-bans-api';
import { IP_BAN_DURATIONS, IP_BANS_STRINGS as S, type IpBanDuration } from '../strings';

const DAY_MS = 24 * 3_600_000;
const DURATION_DAYS: Record<Exclude<IpBanDuration, 'forever'>, number> = { '1d': 1, '7d': 7, '30d': 30, '365d': 365 };

/** The ban as the API takes it: the end from now, none for ever. */
export function ipBanInput(ip: string, reason: string, duration: IpBanDuration, now = Date.now()): IpBanInput {
  return duration === 'forever' ? { ip, reason } : { ip, reason, until: new Date(now + DURATION_DAYS[duration] * DAY_MS).toISOString() };
}

export interface IpBanFormProps {
  /** Resolves once the ban is stored (the form then starts over), rejects with the server's refusal. */
  onSubmit(input: IpBanInput): Promise<unknown>;
  pending: boolean;
  /** The server's refusal: under its field when it names one, else under the button. */
  error: unknown;
}

/** «Забанить IP»: the address, the reason and the term; the server checks the address as it checks any. */
export function IpBanForm({ onSubmit, pending, error }: IpBanFormProps) {
  const [ip, setIp] = useState('');
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<IpBanDuration>('forever');
  const [submitted, setSubmitted] = useState(false);
  const server = formFieldErrors(error, ['ip', 'reason', 'until'] as const);
  const local = { ip: ip.trim() ? null : S.ipRequired, reason: reason.trim() ? null : S.reasonRequired };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (local.ip || local.reason || pending) return;
    onSubmit(ipBanInput(ip.trim(), reason.trim(), duration)).then(
      () => {
        setIp('');
        setReason('');
        setDuration('forever');
        setSubmitted(false);
      },
      () => undefined,
    );
  };

  return (
    <form className="ip-bans__form" onSubmit={submit} noValidate aria-label={S.form}>
      <TextField
        label={S.ipLabel}
        placeholder={S.ipPlaceholder}
        value={ip}
        onChange={(event) => setIp(event.target.value)}
        message={(submitted ? local.ip : null) ?? server.fields.ip}
        disabled={pending}
        autoComplete="off"
      />
      <TextField
        label={S.reasonLabel}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        message={(submitted ? local.reason : null) ?? server.fields.reason}
        disabled={pending}
      />
      <label className="ip-bans__duration">
        <span>{S.durationLabel}</span>
        <select className="field__input" value={duration} onChange={(event) => setDuration(event.target.value as IpBanDuration)} disabled={pending}>
          {IP_BAN_DURATIONS.map((value) => (
            <option key={value} value={value}>
              {S.durations[value]}
            </option>
          ))}
        </select>
        <FieldMessage message={server.fields.until} />
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? S.submitting : S.submit}
      </Button>
      <FieldMessage message={server.form} />
    </form>
  );
}

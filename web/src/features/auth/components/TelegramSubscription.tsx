import { Button } from '../../../shared/ui/Button';
import type { TelegramWidgetState } from '../hooks/useTelegramVerification';
import { AUTH_STRINGS } from '../strings';

export interface TelegramSubscriptionProps {
  state: TelegramWidgetState;
  channel: { title: string; description: string; url: string } | null;
  error: string | null;
  onCheck(): void;
}

/** The messenger subscription widget: info -> checking -> verified (SPEC.md section 4). */
export function TelegramSubscription({ state, channel, error, onCheck }: TelegramSubscriptionProps) {
  return (
    <section className="telegram" aria-label={AUTH_STRINGS.telegramTitle} data-state={state}>
      <h3 className="telegram__title">{AUTH_STRINGS.telegramTitle}</h3>
      {state === 'verified' ? (
        <p className="field__message field__message--success" role="status">
          ✓ {AUTH_STRINGS.telegramVerified}
        </p>
      ) : null}
      {state === 'checking' ? (
        <p className="field__message field__message--info" role="status">
          {AUTH_STRINGS.telegramChecking}
        </p>
      ) : null}
      {state === 'info' ? (
        <>
          {channel ? (
            <p className="telegram__channel">
              <strong>{channel.title}</strong>
              {channel.description ? <span className="muted"> — {channel.description}</span> : null}
            </p>
          ) : null}
          <p className="muted telegram__text">{AUTH_STRINGS.telegramInfo}</p>
          <div className="telegram__actions">
            {channel ? (
              <a className="btn btn--secondary btn--small" href={channel.url} target="_blank" rel="noopener noreferrer">
                {AUTH_STRINGS.telegramOpenChannel}
              </a>
            ) : null}
            <Button size="small" onClick={onCheck}>
              {AUTH_STRINGS.telegramCheck}
            </Button>
          </div>
          {error ? (
            <p className="field__message field__message--error" role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

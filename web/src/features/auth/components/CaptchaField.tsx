import type { Captcha } from '@portal/contracts';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/TextField';
import { AUTH_STRINGS } from '../strings';

export interface CaptchaFieldProps {
  captcha: Captcha | undefined;
  loading: boolean;
  failed: boolean;
  answer: string;
  error: string | null;
  onAnswerChange(answer: string): void;
  onRegenerate(): void;
}

export function CaptchaField({ captcha, loading, failed, answer, error, onAnswerChange, onRegenerate }: CaptchaFieldProps) {
  if (failed && !captcha) {
    return (
      <div className="field">
        <p className="field__message field__message--error" role="alert">
          {AUTH_STRINGS.captchaLoadFailed}
        </p>
        <Button variant="secondary" size="small" onClick={onRegenerate}>
          {AUTH_STRINGS.captchaRetry}
        </Button>
      </div>
    );
  }
  if (!captcha) {
    return (
      <p className="field__message field__message--info" role="status">
        {AUTH_STRINGS.captchaLoading}
      </p>
    );
  }
  return (
    <div className="captcha">
      <TextField
        label={AUTH_STRINGS.captchaLabel(captcha.question)}
        name="captchaAnswer"
        inputMode="numeric"
        autoComplete="off"
        value={answer}
        onChange={(event) => onAnswerChange(event.target.value)}
        message={error}
      />
      <Button variant="ghost" size="small" className="captcha__refresh" onClick={onRegenerate} disabled={loading}>
        {AUTH_STRINGS.captchaRefresh}
      </Button>
    </div>
  );
}

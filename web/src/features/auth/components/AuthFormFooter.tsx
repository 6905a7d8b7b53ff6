import { Button } from '../../../shared/ui/Button';
import { AuthAlternative } from './AuthAlternative';

interface AuthFormFooterProps {
  formMessage: string | null;
  submitLabel: string;
  submitDisabled: boolean;
  alternativeLabel: string;
}

/** The end of both auth forms: the form-level error in red, the submit button, the VK alternative. */
export function AuthFormFooter({ formMessage, submitLabel, submitDisabled, alternativeLabel }: AuthFormFooterProps) {
  return (
    <>
      {formMessage ? (
        <p className="form__error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <Button type="submit" block disabled={submitDisabled}>
        {submitLabel}
      </Button>
      <AuthAlternative label={alternativeLabel} />
    </>
  );
}

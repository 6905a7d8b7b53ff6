import { AUTH_MESSAGES } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../../shared/session/session-context';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { useLoginMutation } from '../api/login';
import { describeAuthFailure, type AuthFailure } from '../auth-failure';
import { loginProblems } from '../registration-rules';
import { AUTH_STRINGS } from '../strings';
import { AuthFormFooter } from './AuthFormFooter';

const NO_FAILURE: AuthFailure = { formMessage: null, fieldMessages: {}, code: null };

export function LoginForm({ onSuccess }: { onSuccess?(): void }) {
  const { signIn } = useSession();
  const loginMutation = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<AuthFailure>(NO_FAILURE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = loginProblems(email, password);
    if (problems.length > 0) {
      setFailure({ ...NO_FAILURE, formMessage: problems[0]?.message ?? AUTH_MESSAGES.allFieldsRequired });
      return;
    }
    setFailure(NO_FAILURE);
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (session) => {
          signIn(session);
          notify.success(AUTH_STRINGS.successTitle, AUTH_MESSAGES.loginSuccess);
          onSuccess?.();
        },
        onError: (error) => setFailure(describeAuthFailure(error, { fallback: AUTH_STRINGS.loginFallbackError, unknown: AUTH_STRINGS.loginUnknownError })),
      },
    );
  };

  const submitting = loginMutation.isPending;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={AUTH_STRINGS.loginTab}>
      <TextField
        label={AUTH_STRINGS.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={AUTH_STRINGS.emailPlaceholder}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        message={failure.fieldMessages.email}
      />
      <TextField
        label={AUTH_STRINGS.passwordLabel}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        message={failure.fieldMessages.password}
      />
      <AuthFormFooter
        formMessage={failure.formMessage}
        submitLabel={submitting ? AUTH_STRINGS.loginSubmitting : AUTH_STRINGS.loginSubmit}
        submitDisabled={submitting}
        alternativeLabel={AUTH_STRINGS.loginAlternative}
      />
    </form>
  );
}

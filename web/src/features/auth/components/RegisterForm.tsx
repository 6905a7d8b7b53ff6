import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { announceCardRewardOf } from '../../../shared/events/card-reward';
import { useSession } from '../../../shared/session/session-context';
import { Button } from '../../../shared/ui/Button';
import { Checkbox } from '../../../shared/ui/Checkbox';
import { notify } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/TextField';
import { captchaQueryKey, useCaptcha } from '../api/captcha';
import { useRegisterMutation } from '../api/register';
import { describeAuthFailure, type AuthFailure } from '../auth-failure';
import { useTelegramVerification } from '../hooks/useTelegramVerification';
import { useUsernameAvailability } from '../hooks/useUsernameAvailability';
import { EMPTY_REGISTRATION, isRegistrationSubmitDisabled, messagesByField, registrationProblems, type RegistrationDraft } from '../registration-rules';
import { AUTH_STRINGS } from '../strings';
import { AuthFormFooter } from './AuthFormFooter';
import { CaptchaField } from './CaptchaField';
import { TelegramSubscription } from './TelegramSubscription';
import { UserAgreementDialog } from './UserAgreementDialog';

const NO_FAILURE: AuthFailure = { formMessage: null, fieldMessages: {}, code: null };

export interface RegisterFormProps {
  /** Called after the user is signed in; `cardReward` is the card file when the server granted one. */
  onSuccess?(cardReward: string | undefined): void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { signIn } = useSession();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const telegram = useTelegramVerification();
  const registerMutation = useRegisterMutation();
  const [draft, setDraft] = useState<RegistrationDraft>(EMPTY_REGISTRATION);
  const [failure, setFailure] = useState<AuthFailure>(NO_FAILURE);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const usernameCheck = useUsernameAvailability(draft.username);

  const update = <K extends keyof RegistrationDraft>(field: K, value: RegistrationDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (failure.fieldMessages[field]) {
      setFailure((current) => ({ ...current, fieldMessages: { ...current.fieldMessages, [field]: '' } }));
    }
  };

  const regenerateCaptcha = () => {
    setDraft((current) => ({ ...current, captchaAnswer: '' }));
    void queryClient.refetchQueries({ queryKey: captchaQueryKey });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = registrationProblems(draft, {
      captchaId: captcha.data?.captchaId ?? null,
      telegramRequired: telegram.required,
      telegramVerified: telegram.state === 'verified',
    });
    if (problems.length > 0) {
      const fieldMessages = messagesByField(problems);
      const formMessage = fieldMessages.captchaId ?? fieldMessages.agreed ?? fieldMessages.telegram ?? null;
      setFailure({ formMessage, fieldMessages, code: null });
      return;
    }
    setFailure(NO_FAILURE);
    registerMutation.mutate(
      {
        username: draft.username.trim(),
        email: draft.email.trim(),
        password: draft.password,
        confirmPassword: draft.confirmPassword,
        captchaId: captcha.data?.captchaId ?? '',
        captchaAnswer: draft.captchaAnswer.trim(),
        agreement: draft.agreed,
        ...(telegram.sessionToken ? { telegramSessionToken: telegram.sessionToken } : {}),
      },
      {
        onSuccess: (session) => {
          signIn(session);
          notify.success(AUTH_STRINGS.successTitle, AUTH_MESSAGES.registerSuccess);
          setDraft(EMPTY_REGISTRATION);
          regenerateCaptcha();
          // The rewards' dialog host shows the card once, however it arrives (this answer or the socket).
          announceCardRewardOf(session);
          onSuccess?.(session.cardReward);
        },
        onError: (error) => {
          const described = describeAuthFailure(error, {
            fallback: AUTH_STRINGS.registerFallbackError,
            unknown: AUTH_STRINGS.registerUnknownError,
          });
          if (described.code === ErrorCode.InvalidCaptcha) {
            // A wrong or spent captcha is never accepted twice: show the reason under a fresh example.
            setFailure({ formMessage: null, fieldMessages: { captchaAnswer: AUTH_MESSAGES.captchaWrong }, code: described.code });
            regenerateCaptcha();
            return;
          }
          setFailure(described);
        },
      },
    );
  };

  const submitting = registerMutation.isPending;
  const submitDisabled = isRegistrationSubmitDisabled(draft, { submitting, usernameError: usernameCheck.isError });
  const usernameMessage = failure.fieldMessages.username || usernameCheck.message;
  const usernameTone = failure.fieldMessages.username || usernameCheck.isError ? 'error' : usernameCheck.status === 'available' ? 'success' : 'info';

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={AUTH_STRINGS.registerTab}>
      <TextField
        label={AUTH_STRINGS.usernameLabel}
        name="username"
        autoComplete="username"
        placeholder={AUTH_STRINGS.usernamePlaceholder}
        value={draft.username}
        onChange={(event) => update('username', event.target.value)}
        message={usernameMessage}
        messageTone={usernameTone}
      />
      <TextField
        label={AUTH_STRINGS.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={AUTH_STRINGS.emailPlaceholder}
        value={draft.email}
        onChange={(event) => update('email', event.target.value)}
        message={failure.fieldMessages.email}
      />
      <TextField
        label={AUTH_STRINGS.passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        value={draft.password}
        onChange={(event) => update('password', event.target.value)}
        message={failure.fieldMessages.password}
      />
      <TextField
        label={AUTH_STRINGS.confirmPasswordLabel}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={draft.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
        message={failure.fieldMessages.confirmPassword}
      />
      <CaptchaField
        captcha={captcha.data}
        loading={captcha.isFetching}
        failed={captcha.isError}
        answer={draft.captchaAnswer}
        error={failure.fieldMessages.captchaAnswer || null}
        onAnswerChange={(answer) => update('captchaAnswer', answer)}
        onRegenerate={regenerateCaptcha}
      />
      {telegram.required ? <TelegramSubscription state={telegram.state} channel={telegram.channel} error={telegram.error} onCheck={telegram.start} /> : null}
      <Checkbox checked={draft.agreed} onCheckedChange={(agreed) => update('agreed', agreed)} name="agreed">
        {AUTH_STRINGS.agreementCheckbox}
      </Checkbox>
      <Button variant="ghost" size="small" onClick={() => setAgreementOpen(true)} style={{ justifySelf: 'start' }}>
        {AUTH_STRINGS.agreementOpen}
      </Button>
      <AuthFormFooter
        formMessage={failure.formMessage}
        submitLabel={submitting ? AUTH_STRINGS.registerSubmitting : AUTH_STRINGS.registerSubmit}
        submitDisabled={submitDisabled}
        alternativeLabel={AUTH_STRINGS.registerAlternative}
      />
      <UserAgreementDialog open={agreementOpen} onOpenChange={setAgreementOpen} />
    </form>
  );
}

import { AUTH_MESSAGES, loginFormErrors, registrationFormErrors, type FieldError } from '@portal/contracts';

export interface RegistrationDraft {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  captchaAnswer: string;
  agreed: boolean;
}

export interface RegistrationContext {
  captchaId: string | null;
  telegramRequired: boolean;
  telegramVerified: boolean;
}

export const EMPTY_REGISTRATION: RegistrationDraft = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  captchaAnswer: '',
  agreed: false,
};

/** Every problem the client can see before sending (the shared format rules plus agreement and Telegram). */
export function registrationProblems(draft: RegistrationDraft, context: RegistrationContext): FieldError[] {
  const problems = registrationFormErrors({ ...draft, captchaId: context.captchaId ?? '' });
  if (!draft.agreed) problems.push({ field: 'agreed', message: AUTH_MESSAGES.agreementRequired });
  if (context.telegramRequired && !context.telegramVerified) {
    problems.push({ field: 'telegram', message: AUTH_MESSAGES.telegramRequired });
  }
  return problems;
}

/**
 * SPEC.md section 5: the button is disabled while submitting, when a username error exists, or when
 * any of username, email, password, confirmation, captcha answer or agreement is missing.
 */
export function isRegistrationSubmitDisabled(draft: RegistrationDraft, state: { submitting: boolean; usernameError: boolean }): boolean {
  if (state.submitting || state.usernameError) return true;
  const { username, email, password, confirmPassword, captchaAnswer, agreed } = draft;
  return [username, email, password, confirmPassword, captchaAnswer].some((value) => value === '') || !agreed;
}

export function loginProblems(email: string, password: string): FieldError[] {
  return loginFormErrors({ email, password });
}

/** Groups field errors for inline display: the first message per field wins. */
export function messagesByField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  errors.forEach(({ field, message }) => {
    byField[field] ??= message;
  });
  return byField;
}

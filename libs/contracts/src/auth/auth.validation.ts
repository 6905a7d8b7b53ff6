import type { FieldError } from '../api/envelope';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './auth.messages';

/**
 * Pure checks shared by the server and the web client. The bad-word rule, uniqueness and the
 * captcha need server state, so they live in the auth service only.
 */
export function usernameFormatError(username: string): string | null {
  const value = username.trim();
  if (value.length < USERNAME_MIN_LENGTH) return AUTH_MESSAGES.usernameTooShort;
  if (value.length > USERNAME_MAX_LENGTH) return AUTH_MESSAGES.usernameTooLong;
  if (/^\d+$/.test(value)) return AUTH_MESSAGES.usernameDigitsOnly;
  return null;
}

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is not checked here.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailFormatError(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) && email.trim().length <= 254 ? null : AUTH_MESSAGES.emailInvalid;
}

export function passwordLengthError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

export interface RegistrationFields {
  username?: unknown;
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  captchaId?: unknown;
  captchaAnswer?: unknown;
}

const isFilled = (value: unknown): boolean => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/** Returns every format problem of a registration form; an empty list means the form is well-formed. */
export function registrationFormErrors(form: RegistrationFields): FieldError[] {
  const required = ['username', 'email', 'password', 'captchaId', 'captchaAnswer'] as const;
  const missing = required.filter((field) => !isFilled(form[field]));
  if (form.confirmPassword !== undefined && !isFilled(form.confirmPassword)) missing.push('confirmPassword' as never);
  if (missing.length > 0) {
    return missing.map((field) => ({ field, message: AUTH_MESSAGES.allFieldsRequired }));
  }
  const errors: FieldError[] = [];
  const push = (field: string, message: string | null) => {
    if (message) errors.push({ field, message });
  };
  push('username', usernameFormatError(String(form.username)));
  push('email', emailFormatError(String(form.email)));
  push('password', passwordLengthError(String(form.password)));
  if (form.confirmPassword !== undefined && form.confirmPassword !== form.password) {
    push('confirmPassword', AUTH_MESSAGES.passwordsMismatch);
  }
  return errors;
}

export function loginFormErrors(form: { email?: unknown; password?: unknown }): FieldError[] {
  const emailFilled = typeof form.email === 'string' && form.email.trim() !== '';
  const passwordFilled = typeof form.password === 'string' && form.password !== '';
  if (emailFilled && passwordFilled) return [];
  return [{ field: emailFilled ? 'password' : 'email', message: AUTH_MESSAGES.allFieldsRequired }];
}

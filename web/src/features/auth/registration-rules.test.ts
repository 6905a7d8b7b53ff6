import { AUTH_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  isRegistrationSubmitDisabled,
  loginProblems,
  messagesByField,
  registrationProblems,
  type RegistrationContext,
  type RegistrationDraft,
} from './registration-rules';

const valid: RegistrationDraft = {
  username: 'sakura',
  email: 'sakura@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  captchaAnswer: '10',
  agreed: true,
};
const context: RegistrationContext = { captchaId: 'c-1', telegramRequired: false, telegramVerified: false };
const problemsOf = (draft: Partial<RegistrationDraft>, overrides: Partial<typeof context> = {}) =>
  messagesByField(registrationProblems({ ...valid, ...draft }, { ...context, ...overrides }));

describe('registration validation', () => {
  it('accepts a complete, well-formed form', () => {
    expect(registrationProblems(valid, context)).toEqual([]);
  });

  it.each(['username', 'email', 'password', 'confirmPassword', 'captchaAnswer'] as const)('requires %s', (field) => {
    expect(problemsOf({ [field]: '  ' })[field]).toBe(AUTH_MESSAGES.allFieldsRequired);
  });

  it('requires a captcha to have been loaded', () => {
    expect(problemsOf({}, { captchaId: null }).captchaId).toBe(AUTH_MESSAGES.allFieldsRequired);
  });

  it('rejects a username shorter than 4 characters', () => {
    expect(problemsOf({ username: 'abc' }).username).toBe('Ник должен быть не короче 4 символов');
    expect(problemsOf({ username: 'abcd' }).username).toBeUndefined();
  });

  it('rejects a username of digits only', () => {
    expect(problemsOf({ username: '123456' }).username).toBe('Ник не может состоять только из цифр');
  });

  it('rejects a malformed email', () => {
    expect(problemsOf({ email: 'sakura@' }).email).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('rejects a password shorter than 6 characters', () => {
    expect(problemsOf({ password: '12345', confirmPassword: '12345' }).password).toBe('Пароль должен быть не менее 6 символов');
  });

  it('rejects a confirmation that does not match', () => {
    expect(problemsOf({ confirmPassword: 'secret2' }).confirmPassword).toBe('Пароли не совпадают');
  });

  it('requires the agreement', () => {
    expect(problemsOf({ agreed: false }).agreed).toBe('Вы должны согласиться с условиями');
  });

  it('requires a verified Telegram subscription only when the server asks for it', () => {
    expect(problemsOf({}, { telegramRequired: true }).telegram).toBe('Необходимо проверить подписку на Telegram канал');
    expect(problemsOf({}, { telegramRequired: true, telegramVerified: true }).telegram).toBeUndefined();
    expect(problemsOf({}, { telegramRequired: false }).telegram).toBeUndefined();
  });
});

describe('registration submit button', () => {
  const idle = { submitting: false, usernameError: false };

  it('is enabled for a filled form with the agreement accepted', () => {
    expect(isRegistrationSubmitDisabled(valid, idle)).toBe(false);
  });

  it('is disabled while submitting or when the username has an error', () => {
    expect(isRegistrationSubmitDisabled(valid, { ...idle, submitting: true })).toBe(true);
    expect(isRegistrationSubmitDisabled(valid, { ...idle, usernameError: true })).toBe(true);
  });

  it.each(['username', 'email', 'password', 'confirmPassword', 'captchaAnswer'] as const)('is disabled while %s is empty', (field) => {
    expect(isRegistrationSubmitDisabled({ ...valid, [field]: '' }, idle)).toBe(true);
  });

  it('is disabled until the agreement is accepted', () => {
    expect(isRegistrationSubmitDisabled({ ...valid, agreed: false }, idle)).toBe(true);
    expect(isRegistrationSubmitDisabled(EMPTY_REGISTRATION, idle)).toBe(true);
  });
});

describe('login validation', () => {
  it('requires both fields, trimming the email only for the emptiness check', () => {
    expect(loginProblems('   ', 'secret')[0]?.message).toBe('Все поля обязательны для заполнения');
    expect(loginProblems('a@b.c', '')[0]?.message).toBe('Все поля обязательны для заполнения');
    expect(loginProblems(' a@b.c ', 'secret')).toEqual([]);
  });
});

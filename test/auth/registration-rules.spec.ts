import { AUTH_MESSAGES, ErrorCode, type RpcMeta } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import { type ApiClient } from '@portal/testing';
import {
  type AuthStack,
  dbQuery,
  register,
  registerUser,
  secretLookingKeys,
  solvedCaptcha,
  startAuthStack,
  STRONG_PASSWORD,
  uniqueDigits,
  uniqueEmail,
  uniqueName,
} from './auth-test-kit';
import { gatewayCallsOf } from '../support/gateway-calls';

describe('registration rules (SPEC.md section 5)', () => {
  let stack: AuthStack;
  let api: ApiClient;

  beforeAll(async () => {
    stack = await startAuthStack('rules');
    api = stack.api;
  });
  afterAll(() => stack?.close());

  const validForm = (name = 'rules') => ({ username: uniqueName(name), email: uniqueEmail(name), password: STRONG_PASSWORD });

  /** A rejected registration leaves no account behind: no public profile, the nickname still free. */
  async function expectNoAccount(username: string) {
    const profile = await api.get(`/api/users/profile/${encodeURIComponent(username)}`);
    expect(profile.status).toBe(404);
    expect(profile.body).toMatchObject({ success: false, code: ErrorCode.NotFound, message: AUTH_MESSAGES.userNotFound });
  }

  /** The rejected form's email has no account in the database either. */
  async function expectNoAccountWithEmail(email: unknown) {
    if (typeof email !== 'string' || email.trim() === '') return;
    const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(email) = lower($1)', [email.trim()]);
    expect(rows).toHaveLength(0);
  }

  async function expectRejected(
    form: Record<string, unknown>,
    expected: { status: number; code: ErrorCode; field: string; message: string },
    { usernameExists = false, emailExists = false } = {},
  ) {
    const res = await register(api, form);
    expect(res.status).toBe(expected.status);
    expect(res.body).toMatchObject({ success: false, code: expected.code, message: expected.message });
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field: expected.field, message: expected.message }]));
    if (!usernameExists && typeof form.username === 'string' && form.username.trim().length > 0) await expectNoAccount(form.username);
    if (!emailExists) await expectNoAccountWithEmail(form.email);
    return res;
  }

  describe('required fields', () => {
    it('rejects an empty body with "Все поля обязательны для заполнения" for every required field', async () => {
      const res = await api.post('/api/auth/register', { agreement: true });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.allFieldsRequired });
      const fields = (res.body.errors as { field: string; message: string }[]).map((error) => error.field).sort();
      expect(fields).toEqual(['captchaAnswer', 'captchaId', 'email', 'password', 'username']);
      for (const error of res.body.errors) expect(error.message).toBe(AUTH_MESSAGES.allFieldsRequired);
    });

    it.each(['username', 'email', 'password'] as const)('rejects a form with %s missing', async (field) => {
      const form: Record<string, unknown> = validForm();
      delete form[field];
      await expectRejected(form, { status: 400, code: ErrorCode.ValidationFailed, field, message: AUTH_MESSAGES.allFieldsRequired });
    });

    it('treats a whitespace-only field as missing', async () => {
      const form = { ...validForm(), email: '   ' };
      await expectRejected(form, { status: 400, code: ErrorCode.ValidationFailed, field: 'email', message: AUTH_MESSAGES.allFieldsRequired });
    });

    it('rejects a form without the captcha answer', async () => {
      const { captchaId } = await solvedCaptcha(api);
      await expectRejected(
        { ...validForm(), captchaId },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'captchaAnswer', message: AUTH_MESSAGES.allFieldsRequired },
      );
    });
  });

  describe('the user agreement (SPEC: «Вы должны согласиться с условиями»)', () => {
    const refusal = { status: 400, code: ErrorCode.ValidationFailed, field: 'agreement', message: AUTH_MESSAGES.agreementRequired };

    it.each([
      ['missing', undefined],
      ['false', false],
      ['the string "true"', 'true'],
      ['1', 1],
    ])('refuses a complete form with the agreement %s, and creates nothing', async (_, agreement) => {
      const calls = await gatewayCallsOf('auth.user.register');
      const res = await expectRejected({ ...validForm('agree'), agreement }, refusal);
      expect(res.body.errors).toEqual([{ field: 'agreement', message: AUTH_MESSAGES.agreementRequired }]);
      // Refused at the edge: the auth service was not even asked.
      expect(await gatewayCallsOf('auth.user.register')).toBe(calls);
    });

    it('is refused by the auth service too, for a caller that skips the gateway', async () => {
      const rpc = stack.gateway.app.get(RpcClient);
      const meta: RpcMeta = { requestId: `agreement-${uniqueDigits()}`, clientIp: '127.0.0.1' };
      const form = validForm('agree');
      for (const agreement of [undefined, false]) {
        // A right captcha each time: without the rule, the account would be created.
        const captcha = await solvedCaptcha(api);
        const refused = await rpc.send('auth.user.register', { ...form, ...captcha, agreement } as never, meta).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(RemoteServiceError);
        expect((refused as RemoteServiceError).payload).toMatchObject({
          code: ErrorCode.ValidationFailed,
          message: AUTH_MESSAGES.agreementRequired,
          errors: [{ field: 'agreement', message: AUTH_MESSAGES.agreementRequired }],
        });
      }
      await expectNoAccount(form.username);
      await expectNoAccountWithEmail(form.email);
    });

    it('accepts the same form with the agreement accepted', async () => {
      const form = validForm('agree');
      const res = await register(api, { ...form, agreement: true });
      expect(res.status).toBe(201);
      expect(res.body.data.user.username).toBe(form.username);
    });
  });

  describe('username', () => {
    it('rejects a nickname under 4 characters', async () => {
      await expectRejected(
        { ...validForm(), username: 'abc' },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'username', message: 'Ник должен быть не короче 4 символов' },
      );
    });

    it('counts the length after trimming spaces', async () => {
      await expectRejected(
        { ...validForm(), username: '  ab  ' },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'username', message: AUTH_MESSAGES.usernameTooShort },
      );
    });

    it('rejects a nickname made of digits only', async () => {
      await expectRejected(
        { ...validForm(), username: uniqueDigits() },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'username', message: 'Ник не может состоять только из цифр' },
      );
    });

    it.each([
      ['an English bad word', 'fuck'],
      ['a French bad word', 'merde'],
      ['a Russian bad word', 'хуй'],
      ['a bad word in mixed case', 'FuCk'],
      ['a bad word as a snake_case word of the nickname', 'big_fuck'],
      ['a bad word as a camelCase word of the nickname', 'BigFuck'],
      ['a Russian bad word in upper case', 'ХУЙ'],
    ])('rejects %s (%s)', async (_, word) => {
      const username = `${word}${uniqueDigits()}`.slice(0, 32);
      await expectRejected(
        { ...validForm(), username },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'username', message: 'Ник содержит недопустимые слова' },
      );
    });

    it('answers 201 with a token and the user, and nothing that looks like a password or a hash', async () => {
      const form = validForm();
      const res = await register(api, form);
      expect(res.status).toBe(201);
      expect(res.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.body.data.user).toMatchObject({ username: form.username, email: form.email, isAdmin: false, group: 'user' });
      expect(secretLookingKeys(res.body)).toEqual([]);
      expect(JSON.stringify(res.body)).not.toMatch(/\$argon2/);
    });

    it.each(['assassin', 'classic', 'Scunthorpe'])('accepts an innocent word that merely contains a bad one (%s)', async (word) => {
      const username = `${word}_${uniqueDigits()}`;
      const res = await register(api, { ...validForm(), username });
      expect(res.status).toBe(201);
      expect(res.body.data.user.username).toBe(username);
    });

    it('rejects a nickname taken in another letter case with 409 USERNAME_TAKEN', async () => {
      const existing = await registerUser(api, 'taken');
      const res = await expectRejected(
        { ...validForm(), username: existing.username.toUpperCase() },
        { status: 409, code: ErrorCode.UsernameTaken, field: 'username', message: 'Пользователь с таким ником уже существует' },
        { usernameExists: true },
      );
      expect(res.body.message).toBe(AUTH_MESSAGES.usernameTaken);
      const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(username) = lower($1)', [existing.username]);
      expect(rows).toEqual([{ id: existing.id }]);
    });
  });

  describe('email and password', () => {
    it.each(['not-an-email', 'two@@example.com', 'no-domain-dot@example', 'spaced out@example.com'])('rejects the email "%s"', async (email) => {
      await expectRejected({ ...validForm(), email }, { status: 400, code: ErrorCode.ValidationFailed, field: 'email', message: AUTH_MESSAGES.emailInvalid });
    });

    it('rejects an email already registered, in any letter case, with 409 EMAIL_TAKEN', async () => {
      const existing = await registerUser(api, 'mailtaken');
      await expectRejected(
        { ...validForm(), email: existing.email.toUpperCase() },
        { status: 409, code: ErrorCode.EmailTaken, field: 'email', message: AUTH_MESSAGES.emailTaken },
        { emailExists: true },
      );
      const rows = await dbQuery('SELECT id FROM auth.users WHERE lower(email) = lower($1)', [existing.email]);
      expect(rows).toEqual([{ id: existing.id }]);
    });

    it('rejects a password under 6 characters', async () => {
      await expectRejected(
        { ...validForm(), password: 'a1b2c' },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'password', message: 'Пароль должен быть не менее 6 символов' },
      );
    });

    it('rejects a confirmation that does not match the password', async () => {
      await expectRejected(
        { ...validForm(), confirmPassword: `${STRONG_PASSWORD}-typo` },
        { status: 400, code: ErrorCode.ValidationFailed, field: 'confirmPassword', message: 'Пароли не совпадают' },
      );
    });

    it('accepts a matching confirmation', async () => {
      const form = validForm();
      const res = await register(api, { ...form, confirmPassword: form.password });
      expect(res.status).toBe(201);
    });

    it.each(['password1', 'qwerty123'])('rejects the common password "%s" with COMMON_PASSWORD', async (password) => {
      await expectRejected(
        { ...validForm(), password },
        { status: 400, code: ErrorCode.CommonPassword, field: 'password', message: AUTH_MESSAGES.passwordCommon },
      );
    });
  });

  describe('captcha', () => {
    it('rejects a wrong answer with 400 INVALID_CAPTCHA "Неверный ответ на пример"', async () => {
      const { captchaId, captchaAnswer } = await solvedCaptcha(api);
      await expectRejected(
        { ...validForm(), captchaId, captchaAnswer: captchaAnswer + 1 },
        { status: 400, code: ErrorCode.InvalidCaptcha, field: 'captchaAnswer', message: 'Неверный ответ на пример' },
      );
    });

    it('rejects an unknown captcha id', async () => {
      await expectRejected(
        { ...validForm(), captchaId: '00000000-0000-4000-8000-000000000000', captchaAnswer: 2 },
        { status: 400, code: ErrorCode.InvalidCaptcha, field: 'captchaAnswer', message: AUTH_MESSAGES.captchaWrong },
      );
    });

    it('does not accept a captcha twice, even with the right answer', async () => {
      const captcha = await solvedCaptcha(api);
      const first = await register(api, { ...validForm(), ...captcha });
      expect(first.status).toBe(201);
      await expectRejected(
        { ...validForm(), ...captcha },
        { status: 400, code: ErrorCode.InvalidCaptcha, field: 'captchaAnswer', message: AUTH_MESSAGES.captchaWrong },
      );
    });

    it('burns a captcha on a wrong answer, so the right answer cannot follow on the same one', async () => {
      const captcha = await solvedCaptcha(api);
      await expectRejected(
        { ...validForm(), captchaId: captcha.captchaId, captchaAnswer: captcha.captchaAnswer + 1 },
        { status: 400, code: ErrorCode.InvalidCaptcha, field: 'captchaAnswer', message: AUTH_MESSAGES.captchaWrong },
      );
      await expectRejected(
        { ...validForm(), ...captcha },
        { status: 400, code: ErrorCode.InvalidCaptcha, field: 'captchaAnswer', message: AUTH_MESSAGES.captchaWrong },
      );
    });

    it('accepts the answer as a string of digits', async () => {
      const { captchaId, captchaAnswer } = await solvedCaptcha(api);
      const res = await register(api, { ...validForm(), captchaId, captchaAnswer: String(captchaAnswer) });
      expect(res.status).toBe(201);
    });
  });

  describe('a successful registration', () => {
    it('answers 201 with a token and the user, who then has a public profile', async () => {
      const form = validForm('fresh');
      const res = await register(api, form);
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.data.token).toEqual(expect.any(String));
      expect(res.body.data.user).toMatchObject({ username: form.username, email: form.email, displayName: form.username, isAdmin: false, role: 'user' });
      const profile = await api.get(`/api/users/profile/${form.username}`);
      expect(profile.status).toBe(200);
      expect(profile.body.data).toMatchObject({ id: res.body.data.user.id, username: form.username });
      expect(profile.body.data.email).toBeUndefined();
    });
  });

  describe('GET /api/users/check-username', () => {
    const check = (username: string) => api.get(`/api/users/check-username?username=${encodeURIComponent(username)}`);

    it('answers available for a free nickname', async () => {
      const res = await check(uniqueName('free'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { available: true, message: 'Ник свободен' } });
    });

    it('answers unavailable with the reason for a taken nickname, in any letter case', async () => {
      const existing = await registerUser(api, 'checktaken');
      for (const name of [existing.username, existing.username.toUpperCase()]) {
        const res = await check(name);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ available: false, message: AUTH_MESSAGES.usernameTaken });
      }
    });

    it.each([
      ['too short', 'abc', AUTH_MESSAGES.usernameTooShort],
      ['too long', 'a'.repeat(33), AUTH_MESSAGES.usernameTooLong],
      ['digits only', '12345678', AUTH_MESSAGES.usernameDigitsOnly],
      ['a bad word', 'big_fuck', AUTH_MESSAGES.usernameBadWords],
      ['a camelCase bad word', 'BigFuck', AUTH_MESSAGES.usernameBadWords],
      ['a bad word in mixed case', 'FuCk', AUTH_MESSAGES.usernameBadWords],
    ])('answers unavailable for a nickname that is %s', async (_, username, message) => {
      const res = await check(username);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ available: false, message });
    });

    it('answers available for a nickname with an innocent word containing a bad substring', async () => {
      const res = await check(`classic_${uniqueDigits()}`);
      expect(res.body.data.available).toBe(true);
    });

    it('answers 400 saying the nickname is too long for a 1 KB nickname', async () => {
      const res = await check('a'.repeat(1024));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed, message: AUTH_MESSAGES.usernameTooLong });
      expect(res.body.errors).toEqual([{ field: 'username', message: AUTH_MESSAGES.usernameTooLong }]);
    });

    it('answers 400 when the username parameter is missing', async () => {
      const res = await api.get('/api/users/check-username');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed });
      expect(res.body.errors[0].field).toBe('username');
    });
  });
});

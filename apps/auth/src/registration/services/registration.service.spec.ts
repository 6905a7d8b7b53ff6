import { AUTH_MESSAGES, ErrorCode, GENERIC_MESSAGES, type RegisterRequest } from '@portal/contracts';
import type { RpcError } from '@portal/platform';
import type { TokenClaims } from '../../session/services/token.service';
import { authKit, type AuthKit, CAPTCHA_TTL } from '../../testing/auth-unit-kit';

const IP = '203.0.113.7';
const PASSWORD = 'Xk9#pLm2vQ';

/**
 * The sign-up rules of RegistrationService, on fakes (the real captcha and rate limits on a fake
 * Redis): the form's format, the nickname's words, common passwords, the captcha, taken nicknames
 * and emails (also when two sign-ups race), the per-IP budget, the Telegram check, and what a new
 * account is stored, told and signed in as. The HTTP path is test/auth/registration-rules.spec.ts.
 */
describe('RegistrationService', () => {
  let kit: AuthKit;

  beforeEach(() => {
    kit = authKit({ limits: { registrationsPerIp: 3 } });
  });

  const form = async (fields: Partial<RegisterRequest> = {}): Promise<RegisterRequest> => ({
    username: 'Наруто',
    email: 'naruto@example.org',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...(await kit.solvedCaptcha()),
    agreement: true,
    ...fields,
  });
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as RpcError,
    );
  const fieldError = (code: ErrorCode, field: string, message: string) => ({ payload: { code, message, errors: [{ field, message }] } });

  describe('the form', () => {
    it('names every missing field «Все поля обязательны», before the per-IP budget is touched', async () => {
      const { payload } = await refusal(kit.registration.register({ username: '  ', email: 'a@b.cd', agreement: true }, IP));
      expect(payload.code).toBe(ErrorCode.ValidationFailed);
      expect(payload.errors).toEqual(
        ['username', 'password', 'captchaId', 'captchaAnswer'].map((field) => ({ field, message: AUTH_MESSAGES.allFieldsRequired })),
      );
      expect(kit.redis.commands.filter((command) => command.name === 'rlflxIncr')).toEqual([]);
    });

    it('applies the nickname’s format: 4 to 32 characters, not digits only; and the passwords must match', async () => {
      const cases: Array<[Partial<RegisterRequest>, string, string]> = [
        [{ username: 'Абв' }, 'username', AUTH_MESSAGES.usernameTooShort],
        [{ username: 'я'.repeat(33) }, 'username', AUTH_MESSAGES.usernameTooLong],
        [{ username: '123456' }, 'username', AUTH_MESSAGES.usernameDigitsOnly],
        [{ email: 'naruto@localhost' }, 'email', AUTH_MESSAGES.emailInvalid],
        [{ confirmPassword: `${PASSWORD}!` }, 'confirmPassword', AUTH_MESSAGES.passwordsMismatch],
      ];
      for (const [fields, field, message] of cases) {
        await expect(kit.registration.register(await form(fields), IP)).rejects.toMatchObject({
          payload: { code: ErrorCode.ValidationFailed, errors: [{ field, message }] },
        });
      }
      expect(kit.users.rows.size).toBe(0);
    });

    it('refuses a nickname with a bad word, also hidden in camelCase, and the captcha stays usable', async () => {
      const fields = await form({ username: 'BigFuck99' });
      await expect(kit.registration.register(fields, IP)).rejects.toMatchObject({
        payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'username', message: AUTH_MESSAGES.usernameBadWords }] },
      });
      await expect(kit.registration.register({ ...fields, username: 'Assassin' }, IP)).resolves.toMatchObject({ user: { username: 'Assassin' } });
    });

    it('refuses a password from the breach lists, in any case', async () => {
      await expect(kit.registration.register(await form({ password: 'ILoveYou', confirmPassword: 'ILoveYou' }), IP)).rejects.toMatchObject(
        fieldError(ErrorCode.CommonPassword, 'password', AUTH_MESSAGES.passwordCommon),
      );
    });
  });

  describe('the captcha', () => {
    it('refuses a wrong answer and uses the captcha up: the right answer after it is refused too', async () => {
      const fields = await form();
      await expect(kit.registration.register({ ...fields, captchaAnswer: String(Number(fields.captchaAnswer) + 1) }, IP)).rejects.toMatchObject(
        fieldError(ErrorCode.InvalidCaptcha, 'captchaAnswer', AUTH_MESSAGES.captchaWrong),
      );
      await expect(kit.registration.register(fields, IP)).rejects.toMatchObject({ payload: { code: ErrorCode.InvalidCaptcha } });
    });

    it('takes the answer with spaces around it, once; and not after the captcha expired', async () => {
      const fields = await form();
      await expect(kit.registration.register({ ...fields, captchaAnswer: ` ${fields.captchaAnswer} ` }, IP)).resolves.toBeDefined();
      const late = await form({ username: 'Саске', email: 'sasuke@example.org' });
      kit.redis.advance((CAPTCHA_TTL + 1) * 1000);
      await expect(kit.registration.register(late, IP)).rejects.toMatchObject({ payload: { code: ErrorCode.InvalidCaptcha } });
    });
  });

  describe('taken nicknames and emails', () => {
    beforeEach(() => {
      kit.users.seed({ username: 'Naruto', email: 'Naruto@Example.org' });
    });

    it('refuses a nickname taken in another case', async () => {
      await expect(kit.registration.register(await form({ username: 'NARUTO', email: 'other@example.org' }), IP)).rejects.toMatchObject(
        fieldError(ErrorCode.UsernameTaken, 'username', AUTH_MESSAGES.usernameTaken),
      );
    });

    it('refuses an email taken in another case', async () => {
      await expect(kit.registration.register(await form({ username: 'Другой', email: 'naruto@EXAMPLE.org' }), IP)).rejects.toMatchObject(
        fieldError(ErrorCode.EmailTaken, 'email', AUTH_MESSAGES.emailTaken),
      );
    });

    it('when two sign-ups race past the checks, the unique index decides which field is taken, and nothing is stored', async () => {
      jest.spyOn(kit.users, 'usernameExists').mockResolvedValue(false);
      jest.spyOn(kit.users, 'findByEmail').mockResolvedValue(null);
      await expect(kit.registration.register(await form({ username: 'Другой', email: 'NARUTO@example.org' }), IP)).rejects.toMatchObject({
        payload: { code: ErrorCode.EmailTaken },
      });
      await expect(kit.registration.register(await form({ username: 'naruto', email: 'other@example.org' }), IP)).rejects.toMatchObject({
        payload: { code: ErrorCode.UsernameTaken },
      });
      expect(kit.users.rows.size).toBe(1);
      expect(kit.outbox.events).toEqual([]);
    });
  });

  describe('a new account', () => {
    it('is stored trimmed, with the nickname as display name and only the password’s hash, told once, and signed in', async () => {
      const session = await kit.registration.register(await form({ username: '  Наруто ', email: ' naruto@example.org ' }), IP);
      const [stored] = kit.users.rows.values();
      expect(stored).toMatchObject({ username: 'Наруто', email: 'naruto@example.org', displayName: 'Наруто', telegramUserId: null, isAdmin: false });
      expect(stored.passwordHash).not.toContain(PASSWORD);
      await expect(kit.hasher.verify(stored.passwordHash, PASSWORD)).resolves.toBe(true);
      expect(kit.outbox.published('auth.user.registered')).toEqual([expect.objectContaining({ userId: stored.id, username: 'Наруто' })]);
      expect(kit.outbox.nudges).toBe(1);
      expect(session.user).toMatchObject({ id: stored.id, username: 'Наруто', email: 'naruto@example.org', role: 'user' });
      expect(session.user).not.toHaveProperty('passwordHash');
      expect(kit.jwt.verify<TokenClaims & object>(session.token)).toMatchObject({ sub: stored.id, username: 'Наруто' });
    });

    it(`takes ${3} sign-ups an hour from one address, then answers 429 with the wait; another address is not held back`, async () => {
      for (let n = 0; n < 3; n += 1) await kit.registration.register(await form({ username: `Юзер${n}`, email: `u${n}@example.org` }), IP);
      const { payload } = await refusal(kit.registration.register(await form({ username: 'Юзер4', email: 'u4@example.org' }), IP));
      expect(payload).toMatchObject({ code: ErrorCode.RateLimited, message: GENERIC_MESSAGES.rateLimited });
      expect(payload.retryAfterSeconds).toBeGreaterThan(3500);
      await expect(kit.registration.register(await form({ username: 'Юзер4', email: 'u4@example.org' }), '198.51.100.1')).resolves.toBeDefined();
    });
  });

  describe('with the Telegram check on', () => {
    beforeEach(() => {
      kit = authKit({ telegram: true });
    });

    it('refuses a sign-up without a verified session', async () => {
      const expected = { payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'telegram', message: AUTH_MESSAGES.telegramRequired }] } };
      await expect(kit.registration.register(await form(), IP)).rejects.toMatchObject(expected);
      kit.telegram.sessions.set('pending', { verified: false, telegramUserId: null });
      await expect(kit.registration.register(await form({ telegramSessionToken: 'pending' }), IP)).rejects.toMatchObject(expected);
    });

    it('stores the Telegram id of the verified session, never the body’s, and a session makes one account only', async () => {
      kit.telegram.verify('session-1', '777000');
      await kit.registration.register(await form({ telegramSessionToken: 'session-1', telegramUserId: '123' }), IP);
      expect([...kit.users.rows.values()][0].telegramUserId).toBe('777000');
      await expect(
        kit.registration.register(await form({ username: 'Саске', email: 'sasuke@example.org', telegramSessionToken: 'session-1' }), IP),
      ).rejects.toMatchObject({
        payload: { errors: [{ field: 'telegram', message: AUTH_MESSAGES.telegramRequired }] },
      });
    });
  });
});

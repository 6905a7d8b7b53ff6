import { AUTH_MESSAGES, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import type { UserEntity } from '../../users/entities/user.entity';
import { authKit, type AuthKit } from '../../testing/auth-unit-kit';
import type { TokenClaims } from './token.service';

const IP = '203.0.113.7';
const OTHER_IP = '198.51.100.1';
const PASSWORD = 'Xk9#pLm2vQ';

/**
 * The sign-in rules of LoginService, on fakes (the real AuthRateLimits on a fake Redis): the form,
 * one answer for a wrong password and an unknown email (with the same work spent), the failure
 * budgets per account and address and per address, the token, and the check that an account exists.
 * The HTTP path is test/auth/session.spec.ts and test/auth/rate-limits.spec.ts.
 */
describe('LoginService', () => {
  let kit: AuthKit;
  let naruto: UserEntity;

  beforeEach(async () => {
    kit = authKit({ limits: { loginFailuresPerAccountAndIp: 3, loginFailuresPerIp: 5 } });
    naruto = kit.users.seed({ username: 'Naruto', email: 'naruto@example.org', passwordHash: await kit.hasher.hash(PASSWORD) });
  });

  const invalid = { payload: { code: ErrorCode.InvalidCredentials, message: AUTH_MESSAGES.invalidCredentials } };
  const limited = { payload: { code: ErrorCode.RateLimited, message: GENERIC_MESSAGES.rateLimited } };
  /** `times` failed sign-ins (a wrong password) of `email` from `ip`. */
  const fail = async (times: number, email = 'naruto@example.org', ip = IP) => {
    for (let n = 0; n < times; n += 1) await expect(kit.login.login({ email, password: 'wrong-password' }, ip)).rejects.toMatchObject(invalid);
  };

  it('names the first empty field «Все поля обязательны»', async () => {
    await expect(kit.login.login({ email: ' ', password: PASSWORD }, IP)).rejects.toMatchObject({
      payload: { code: ErrorCode.ValidationFailed, errors: [{ field: 'email', message: AUTH_MESSAGES.allFieldsRequired }] },
    });
    await expect(kit.login.login({ email: 'naruto@example.org', password: '' }, IP)).rejects.toMatchObject({
      payload: { errors: [{ field: 'password', message: AUTH_MESSAGES.allFieldsRequired }] },
    });
  });

  it('signs in by email in any case and with spaces around it, with a token for the account', async () => {
    const session = await kit.login.login({ email: '  NARUTO@Example.org ', password: PASSWORD }, IP);
    expect(session.user).toMatchObject({ id: naruto.id, username: 'Naruto', email: 'naruto@example.org' });
    expect(kit.jwt.verify<TokenClaims>(session.token)).toMatchObject({ sub: naruto.id, username: 'Naruto' });
  });

  it('answers a wrong password and an unknown email alike, and spends a password check on the unknown one too', async () => {
    await expect(kit.login.login({ email: 'naruto@example.org', password: 'nope' }, IP)).rejects.toMatchObject(invalid);
    expect(kit.hasher.nothingChecks).toBe(0);
    await expect(kit.login.login({ email: 'nobody@example.org', password: PASSWORD }, IP)).rejects.toMatchObject(invalid);
    expect(kit.hasher.nothingChecks).toBe(1);
  });

  it('after the account’s failures from one address, refuses even the right password there, with the wait; from elsewhere it signs in', async () => {
    await fail(3);
    const refusal = await kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, IP).catch((error: unknown) => error);
    expect(refusal).toMatchObject(limited);
    expect((refusal as { payload: { retryAfterSeconds: number } }).payload.retryAfterSeconds).toBeGreaterThan(890);
    await expect(kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, OTHER_IP)).resolves.toMatchObject({ user: { id: naruto.id } });
  });

  it('a successful sign-in clears the account’s failures from that address', async () => {
    await fail(2);
    await kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, IP);
    await fail(2);
    await expect(kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, IP)).resolves.toBeDefined();
  });

  it('an address that fails on many accounts is refused for every account, until the window passes', async () => {
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org', 'd@example.org', 'e@example.org']) await fail(1, email);
    await expect(kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, IP)).rejects.toMatchObject(limited);
    kit.redis.advance(15 * 60 * 1000 + 1000);
    await expect(kit.login.login({ email: 'naruto@example.org', password: PASSWORD }, IP)).resolves.toBeDefined();
  });

  it('verify answers the account of a token, and 401 when it is gone or there is no user id', async () => {
    await expect(kit.login.verify(naruto.id)).resolves.toMatchObject({ user: { id: naruto.id, username: 'Naruto' } });
    const unauthorized = { payload: { code: ErrorCode.Unauthorized, message: GENERIC_MESSAGES.unauthorized } };
    await expect(kit.login.verify(undefined)).rejects.toMatchObject(unauthorized);
    kit.users.rows.delete(naruto.id);
    await expect(kit.login.verify(naruto.id)).rejects.toMatchObject(unauthorized);
  });
});

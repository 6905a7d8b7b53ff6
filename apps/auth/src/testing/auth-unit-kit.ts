import { JwtService } from '@nestjs/jwt';
import { FakeDatabase, FakeRedis, newTestService, RecordingOutbox } from '@portal/testing';
import { CaptchaService } from '../registration/services/captcha.service';
import { RegistrationService } from '../registration/services/registration.service';
import { type AuthRateLimitSettings, AuthRateLimits } from '../security/auth-rate-limits';
import { LoginService } from '../session/services/login.service';
import { TokenService } from '../session/services/token.service';
import { FakePasswordHasher, FakeTelegramVerification } from './auth-collaborators';
import { FakeUsersRepository } from './fake-users.repository';

export const JWT_TEST_SECRET = 'unit-test-secret-of-thirty-two-bytes!!';
export const CAPTCHA_TTL = 300;

/**
 * Registration and sign-in on fakes: accounts on a fake database, the real CaptchaService and
 * AuthRateLimits on a FakeRedis (their own rules: one use per captcha, the brute-force budgets), the
 * real TokenService with a test secret, a fake hasher and a fake Telegram check (off unless asked).
 */
export function authKit(options: { limits?: Partial<AuthRateLimitSettings>; telegram?: boolean } = {}) {
  const db = new FakeDatabase();
  const redis = new FakeRedis();
  const users = new FakeUsersRepository(db);
  const hasher = new FakePasswordHasher();
  const outbox = new RecordingOutbox(db);
  const telegram = new FakeTelegramVerification(options.telegram ?? false);
  const jwt = new JwtService({ secret: JWT_TEST_SECRET });
  const redisOptions = { url: '', keyPrefix: 'unit:' };
  const limits: AuthRateLimitSettings = { loginFailuresPerIp: 20, loginFailuresPerAccountAndIp: 5, registrationsPerIp: 5, ...options.limits };

  const { sut: captcha } = newTestService(CaptchaService, [redis.client, redisOptions, CAPTCHA_TTL]);
  const { sut: rateLimits } = newTestService(AuthRateLimits, [redis.client, redisOptions, limits]);
  const { sut: tokens } = newTestService(TokenService, [jwt]);
  const { sut: registration } = newTestService(RegistrationService, [users, captcha, hasher, tokens, rateLimits, outbox, telegram]);
  const { sut: login } = newTestService(LoginService, [users, hasher, tokens, rateLimits]);

  /** A fresh captcha's id and its right answer (the sum its question asks for). */
  const solvedCaptcha = async () => {
    const { captchaId, question } = await captcha.create();
    const [left, right] = question.split(' + ').map(Number);
    return { captchaId, captchaAnswer: String(left + right) };
  };

  return { db, redis, users, hasher, outbox, telegram, jwt, captcha, rateLimits, tokens, registration, login, solvedCaptcha, limits };
}

export type AuthKit = ReturnType<typeof authKit>;

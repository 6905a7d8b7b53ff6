import { CAPTCHA_MAX_OPERAND, CAPTCHA_MIN_OPERAND } from '@portal/contracts';
import { authKit, type AuthKit, CAPTCHA_TTL } from '../../testing/auth-unit-kit';

/** The arithmetic captcha (CaptchaService on a fake Redis): the answer stays on the server, one use each, for a limited time. */
describe('CaptchaService', () => {
  let kit: AuthKit;

  beforeEach(() => {
    kit = authKit();
  });

  it('asks a sum of two operands in range and keeps its answer only on the server, for the TTL', async () => {
    const { captchaId, question } = await kit.captcha.create();
    const match = /^(\d+) \+ (\d+)$/.exec(question);
    expect(match).not.toBeNull();
    const [left, right] = [Number(match![1]), Number(match![2])];
    for (const operand of [left, right]) {
      expect(operand).toBeGreaterThanOrEqual(CAPTCHA_MIN_OPERAND);
      expect(operand).toBeLessThanOrEqual(CAPTCHA_MAX_OPERAND);
    }
    const [key] = kit.redis.liveKeys();
    expect(key).toBe(`unit:auth:captcha:${captchaId}`);
    expect(kit.redis.valueOf(key)).toBe(String(left + right));
    kit.redis.advance(CAPTCHA_TTL * 1000);
    expect(kit.redis.liveKeys()).toEqual([]);
  });

  it('a captcha answers true once: a wrong guess uses it up as well', async () => {
    const right = await kit.solvedCaptcha();
    await expect(kit.captcha.consume(right.captchaId, Number(right.captchaAnswer))).resolves.toBe(true);
    await expect(kit.captcha.consume(right.captchaId, right.captchaAnswer)).resolves.toBe(false);

    const guessed = await kit.solvedCaptcha();
    await expect(kit.captcha.consume(guessed.captchaId, '0')).resolves.toBe(false);
    await expect(kit.captcha.consume(guessed.captchaId, guessed.captchaAnswer)).resolves.toBe(false);
    await expect(kit.captcha.consume('unknown-id', '2')).resolves.toBe(false);
  });
});

import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { CAPTCHA_MAX_OPERAND, CAPTCHA_MIN_OPERAND, type Captcha } from '@portal/contracts';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

export const CAPTCHA_TTL_SECONDS = Symbol('CAPTCHA_TTL_SECONDS');

/** The arithmetic captcha: the answer stays on the server and each one can be used once. */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
    @Inject(CAPTCHA_TTL_SECONDS) private readonly ttlSeconds: number,
  ) {}

  async create(): Promise<Captcha> {
    const left = randomInt(CAPTCHA_MIN_OPERAND, CAPTCHA_MAX_OPERAND + 1);
    const right = randomInt(CAPTCHA_MIN_OPERAND, CAPTCHA_MAX_OPERAND + 1);
    const captchaId = randomUUID();
    await this.redis.set(this.key(captchaId), String(left + right), 'EX', this.ttlSeconds);
    return { captchaId, question: `${left} + ${right}` };
  }

  /** Consumes the captcha whatever the answer, so a wrong guess cannot be retried on the same one. */
  async consume(captchaId: string, answer: string | number): Promise<boolean> {
    const expected = await this.redis.getdel(this.key(captchaId));
    return expected !== null && String(answer).trim() === expected;
  }

  private key(captchaId: string) {
    return `${this.redisOptions.keyPrefix}auth:captcha:${captchaId}`;
  }
}

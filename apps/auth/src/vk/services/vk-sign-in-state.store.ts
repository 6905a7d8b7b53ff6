import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';

export interface StartedSignIn {
  state: string;
  codeChallenge: string;
  /** Goes to the browser's cookie; only its hash is kept, tied to the state. */
  browserBinding: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * A started VK ID sign-in in Redis: the state, its PKCE verifier and the hash of the browser's
 * binding cookie. Each state can be taken once and lives a few minutes, so a replayed or foreign
 * callback finds nothing.
 */
@Injectable()
export class VkSignInStateStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_OPTIONS) private readonly redisOptions: RedisOptions,
  ) {}

  async start(ttlSeconds: number): Promise<StartedSignIn> {
    const state = random(32);
    const codeVerifier = random(48);
    const browserBinding = random(32);
    const record = JSON.stringify({ codeVerifier, binding: sha256(browserBinding).toString('base64url') });
    await this.redis.set(this.key(state), record, 'EX', ttlSeconds);
    return { state, codeChallenge: sha256(codeVerifier).toString('base64url'), browserBinding };
  }

  /** The PKCE verifier of a state started by this browser; the state is used up either way. */
  async take(state: string, browserBinding: string | null): Promise<string | null> {
    const stored = await this.redis.getdel(this.key(state));
    if (!stored || !browserBinding) return null;
    const { codeVerifier, binding } = JSON.parse(stored) as { codeVerifier: string; binding: string };
    const expected = Buffer.from(binding, 'base64url');
    const given = sha256(browserBinding);
    return expected.length === given.length && timingSafeEqual(expected, given) ? codeVerifier : null;
  }

  private key(state: string) {
    return `${this.redisOptions.keyPrefix}auth:vk:state:${state}`;
  }
}

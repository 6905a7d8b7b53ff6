import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import pLimit from 'p-limit';

export const HASHING_CONCURRENCY = Symbol('HASHING_CONCURRENCY');

// OWASP's minimum for argon2id: 19 MiB of memory, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id hashing with a bound on how many hashes run at once, so a flood of logins queues up
 * instead of taking 19 MiB each until memory runs out.
 */
@Injectable()
export class PasswordHasher {
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly dummyHash: Promise<string>;

  constructor(@Inject(HASHING_CONCURRENCY) concurrency: number) {
    this.limit = pLimit(concurrency);
    this.dummyHash = this.hash('timing-equaliser-not-a-password');
  }

  hash(password: string): Promise<string> {
    return this.limit(() => argon2.hash(password, ARGON2_OPTIONS));
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.limit(() => argon2.verify(hash, password).catch(() => false));
  }

  /** Spends the same time as a real check when the account does not exist, so timing leaks nothing. */
  async verifyAgainstNothing(password: string): Promise<false> {
    await this.verify(await this.dummyHash, password);
    return false;
  }
}

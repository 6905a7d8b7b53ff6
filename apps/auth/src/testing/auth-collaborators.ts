import type { TelegramSessionCheck } from '@portal/contracts';
import type { PasswordHasher } from '../security/password-hasher';
import type { TelegramVerificationService } from '../telegram/services/telegram-verification.service';

/**
 * Password hashing without argon2's cost: a «hash» the fake alone can check. Counts the dummy checks
 * a login of an unknown email must still spend (`nothingChecks`: the timing equaliser).
 */
export class FakePasswordHasher implements Pick<PasswordHasher, 'hash' | 'verify' | 'verifyAgainstNothing'> {
  nothingChecks = 0;

  hash(password: string): Promise<string> {
    return Promise.resolve(`fake-argon2id$${Buffer.from(password).toString('base64')}`);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return hash === (await this.hash(password));
  }

  async verifyAgainstNothing(password: string): Promise<false> {
    this.nothingChecks += 1;
    await this.verify('', password);
    return false;
  }
}

interface Session {
  verified: boolean;
  telegramUserId: string | null;
}

/**
 * The Telegram subscription check as registration uses it: on when `required`; sessions verified by
 * the bot (`verify`), each usable for one account (`consumeVerified` uses it up).
 */
export class FakeTelegramVerification implements Pick<TelegramVerificationService, 'required' | 'checkSession' | 'consumeVerified'> {
  readonly sessions = new Map<string, Session>();

  constructor(public required = false) {}

  /** A session the bot has verified for this Telegram user. */
  verify(token: string, telegramUserId: string): void {
    this.sessions.set(token, { verified: true, telegramUserId });
  }

  checkSession(token: string): Promise<TelegramSessionCheck> {
    const session = this.sessions.get(token);
    return Promise.resolve({ verified: session?.verified ?? false, userId: session?.verified ? session.telegramUserId : null });
  }

  consumeVerified(token: string | null | undefined): Promise<string | null> {
    const session = token ? this.sessions.get(token) : undefined;
    if (!token || !session?.verified) return Promise.resolve(null);
    this.sessions.delete(token);
    return Promise.resolve(session.telegramUserId);
  }
}

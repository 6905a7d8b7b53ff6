import { Injectable } from '@nestjs/common';
import { type AuthSession, registrationFormErrors } from '@portal/contracts';
import { isUniqueViolation, uniqueViolationConstraint } from '@portal/db';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AuthErrors } from '../../auth.errors';
import { AuthRateLimits } from '../../security/auth-rate-limits';
import { isCommonPassword } from '../../security/common-passwords';
import { PasswordHasher } from '../../security/password-hasher';
import { TokenService } from '../../session/services/token.service';
import { toSelfUser } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import type { RegisterRequest } from '@portal/contracts';
import { containsBadWord } from './bad-words';
import { CaptchaService } from './captcha.service';
import { TelegramVerificationService } from '../../telegram/services/telegram-verification.service';

@Injectable()
export class RegistrationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly captcha: CaptchaService,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly rateLimits: AuthRateLimits,
    private readonly outbox: OutboxPublisher,
    private readonly telegram: TelegramVerificationService,
  ) {}

  async register(input: RegisterRequest, clientIp: string): Promise<AuthSession> {
    const formErrors = registrationFormErrors(input);
    if (formErrors.length > 0) throw RpcError.validation(formErrors);
    // Counted once the form is well-formed: typos cost nothing, scripted attempts on the captcha do.
    await this.rateLimits.consumeRegistration(clientIp);
    const username = input.username!.trim();
    const email = input.email!.trim();
    const password = input.password!;
    if (containsBadWord(username)) throw AuthErrors.badWord();
    if (isCommonPassword(password)) throw AuthErrors.commonPassword();
    if (this.telegram.required && !(await this.telegram.checkSession(input.telegramSessionToken ?? '')).verified) throw AuthErrors.telegramRequired();
    if (!(await this.captcha.consume(input.captchaId!, input.captchaAnswer!))) throw AuthErrors.wrongCaptcha();
    if (await this.users.usernameExists(username)) throw AuthErrors.usernameTaken();
    if (await this.users.findByEmail(email)) throw AuthErrors.emailTaken();
    const telegramUserId = await this.verifiedTelegramUser(input.telegramSessionToken);

    const passwordHash = await this.hasher.hash(password);
    const user = await this.users
      .transaction(async (manager) => {
        const created = await this.users.insert(manager, {
          username,
          email,
          passwordHash,
          displayName: username,
          telegramUserId,
        });
        await this.outbox.publish(manager, 'auth.user.registered', { userId: created.id, username: created.username });
        return created;
      })
      .catch((error: unknown) => {
        // Two sign-ups for one name can both pass the check above; the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        throw uniqueViolationConstraint(error) === 'users_email_unique' ? AuthErrors.emailTaken() : AuthErrors.usernameTaken();
      });
    this.outbox.afterCommit();
    return { token: await this.tokens.issue(user), user: toSelfUser(user) };
  }

  /**
   * With the check on, the Telegram user id comes from a verified session, used up here (one session,
   * one account); a telegramUserId in the body is never trusted. With it off, none is stored.
   */
  private async verifiedTelegramUser(sessionToken: string | null | undefined): Promise<string | null> {
    if (!this.telegram.required) return null;
    const telegramUserId = await this.telegram.consumeVerified(sessionToken);
    if (telegramUserId === null) throw AuthErrors.telegramRequired();
    return telegramUserId;
  }
}

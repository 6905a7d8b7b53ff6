import { Injectable } from '@nestjs/common';
import { type AuthSession, loginFormErrors, type SelfUser } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { AuthErrors } from '../../auth.errors';
import { AuthRateLimits } from '../../security/auth-rate-limits';
import { PasswordHasher } from '../../security/password-hasher';
import { toSelfUser } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import { TokenService } from './token.service';

@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly rateLimits: AuthRateLimits,
  ) {}

  async login(input: { email?: unknown; password?: unknown }, clientIp: string): Promise<AuthSession> {
    const formErrors = loginFormErrors(input);
    if (formErrors.length > 0) throw RpcError.validation(formErrors);
    const email = String(input.email).trim();
    const password = String(input.password);
    await this.rateLimits.assertLoginAllowed(clientIp, email);

    const user = await this.users.findByEmail(email);
    const valid = user ? await this.hasher.verify(user.passwordHash, password) : await this.hasher.verifyAgainstNothing(password);
    if (!user || !valid) {
      await this.rateLimits.recordLoginFailure(clientIp, email);
      throw AuthErrors.invalidCredentials();
    }
    await this.rateLimits.recordLoginSuccess(clientIp, email);
    return { token: await this.tokens.issue(user), user: toSelfUser(user) };
  }

  /** The gateway has checked the token's signature and expiry; this checks the account still exists. */
  async verify(userId: string | undefined): Promise<{ user: SelfUser }> {
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw AuthErrors.unauthorized();
    return { user: toSelfUser(user) };
  }
}

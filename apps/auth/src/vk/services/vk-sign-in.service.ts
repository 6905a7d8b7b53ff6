import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type AuthenticatedUser,
  type AuthSession,
  ErrorCode,
  VK_MESSAGES,
  type VkCallbackRequest,
  type VkSignInOutcome,
  type VkSignInStart,
  withoutInvisibles,
} from '@portal/contracts';
import { isUniqueViolation } from '@portal/db';
import { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';
import { AUTH_LOGGER } from '../../auth.tokens';
import { TokenService } from '../../session/services/token.service';
import type { UserEntity } from '../../users/entities/user.entity';
import { toSelfUser } from '../../users/user.mapper';
import { UsersRepository } from '../../users/users.repository';
import { SocialAccountsRepository } from '../social-accounts.repository';
import { type VkIdClient, VkIdError, type VkIdProfile } from '../vk-id.client';
import { VK_ID_SETTINGS, type VkIdSettings } from '../vk-id.settings';
import { VK_ID_CLIENT } from '../vk.tokens';
import { nicknameCandidates } from './vk-nickname';
import { VkSignInStateStore } from './vk-sign-in-state.store';

/** A VK-only account has no password: this is no argon2 hash, so no password ever matches it. */
const NO_PASSWORD = '!vk-id';

/**
 * Sign-in with VK ID: start (state + PKCE), then on the callback exchange the code, read the
 * profile, and sign into the linked account, create one, or link VK to the signed-in user.
 */
@Injectable()
export class VkSignInService {
  constructor(
    @Inject(VK_ID_SETTINGS) private readonly settings: VkIdSettings | null,
    @Inject(VK_ID_CLIENT) private readonly vk: VkIdClient | null,
    private readonly states: VkSignInStateStore,
    private readonly accounts: SocialAccountsRepository,
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly outbox: OutboxPublisher,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.settings !== null;
  }

  async start(): Promise<VkSignInStart> {
    if (!this.settings || !this.vk) throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.off);
    const { state, codeChallenge, browserBinding } = await this.states.start(this.settings.stateTtlSeconds);
    return { authorizeUrl: this.vk.authorizeUrl(state, codeChallenge), browserBinding };
  }

  async complete(input: VkCallbackRequest, signedIn: AuthenticatedUser | undefined): Promise<AuthSession & { outcome: VkSignInOutcome }> {
    if (!this.vk) throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.off);
    const codeVerifier = await this.states.take(input.state, input.browserBinding);
    if (!codeVerifier) throw RpcError.of(ErrorCode.Forbidden, VK_MESSAGES.stateInvalid);
    const profile = await this.profileOf(this.vk, { ...input, codeVerifier });

    const linked = await this.accounts.find('vk', profile.userId);
    if (signedIn) return this.link(signedIn.id, profile, linked?.userId ?? null);
    if (linked) {
      const user = await this.users.findById(linked.userId);
      if (user) return this.session(user, 'signed-in');
    }
    return this.session(await this.createUser(profile), 'created');
  }

  private async profileOf(vk: VkIdClient, input: VkCallbackRequest & { codeVerifier: string }): Promise<VkIdProfile> {
    try {
      const { accessToken } = await vk.exchangeCode({ code: input.code, codeVerifier: input.codeVerifier, deviceId: input.deviceId, state: input.state });
      return await vk.userInfo(accessToken);
    } catch (error) {
      if (!(error instanceof VkIdError)) throw error;
      this.logger.warn({ step: error.step, status: error.status, error: error.error }, 'VK ID refused the sign-in');
      throw error.status === 0 || error.status >= 500
        ? RpcError.of(ErrorCode.ServiceUnavailable, VK_MESSAGES.failed)
        : RpcError.of(ErrorCode.Unauthorized, VK_MESSAGES.failed);
    }
  }

  private async link(userId: string, profile: VkIdProfile, linkedTo: string | null) {
    const user = await this.users.findById(userId);
    if (!user) throw RpcError.of(ErrorCode.Unauthorized, VK_MESSAGES.failed);
    if (linkedTo && linkedTo !== userId) throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.alreadyLinked);
    if (!linkedTo) {
      if (await this.accounts.findOfUser('vk', userId)) throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.alreadyLinked);
      await this.accounts.insert(undefined, { provider: 'vk', providerUserId: profile.userId, userId }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.alreadyLinked);
        throw error;
      });
    }
    return this.session(user, 'linked');
  }

  /** A new account under the first free nickname; a name taken meanwhile (unique index) moves on to the next. */
  private async createUser(profile: VkIdProfile): Promise<UserEntity> {
    const email = profile.email && !(await this.users.findByEmail(profile.email)) ? profile.email : `vk-${profile.userId}@id.vk.invalid`;
    for (const username of nicknameCandidates(profile)) {
      if (await this.users.usernameExists(username)) continue;
      try {
        const user = await this.users.transaction(async (manager) => {
          const created = await this.users.insert(manager, {
            username,
            email,
            passwordHash: NO_PASSWORD,
            // VK's names are typed by people too: no invisible or direction characters in ours.
            displayName: withoutInvisibles([profile.firstName, profile.lastName].filter(Boolean).join(' ')).trim() || username,
            avatar: null,
            telegramUserId: null,
          });
          await this.accounts.insert(manager, { provider: 'vk', providerUserId: profile.userId, userId: created.id });
          await this.outbox.publish(manager, 'auth.user.registered', { userId: created.id, username: created.username });
          return created;
        });
        this.outbox.afterCommit();
        return user;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw RpcError.of(ErrorCode.Conflict, VK_MESSAGES.failed);
  }

  private async session(user: UserEntity, outcome: VkSignInOutcome) {
    return { token: await this.tokens.issue(user), user: toSelfUser(user), outcome };
  }
}

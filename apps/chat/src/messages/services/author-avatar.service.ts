import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AuthenticatedUser } from '@portal/contracts';
import { PrefixedRedisClient, RpcClient } from '@portal/messaging';
import { requestContext } from '@portal/platform';

export const AUTH_TRANSPORT = Symbol('AUTH_TRANSPORT');

/** How long a post waits for the author's avatar before going without one. */
const AVATAR_LOOKUP_TIMEOUT_MS = 1000;

/**
 * The author's avatar for a new message, best effort: the token carries none, so auth is asked, and a
 * slow or absent auth service must not stop the chat (the message then goes without one).
 */
@Injectable()
export class AuthorAvatarService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly rpc: RpcClient;

  constructor(@Inject(AUTH_TRANSPORT) private readonly transport: PrefixedRedisClient) {
    this.rpc = new RpcClient(transport, AVATAR_LOOKUP_TIMEOUT_MS);
  }

  async onApplicationBootstrap() {
    await this.transport.connect();
  }

  async onApplicationShutdown() {
    await this.transport.close();
  }

  avatarOf(author: AuthenticatedUser): Promise<string | null> {
    const meta = { requestId: requestContext.current()?.requestId ?? randomUUID() };
    return this.rpc.send('auth.user.profile', { username: author.username }, meta).then(
      (profile) => profile.avatar,
      () => null,
    );
  }
}

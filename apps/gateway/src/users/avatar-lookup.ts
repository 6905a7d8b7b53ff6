import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { RpcClient } from '@portal/messaging';

const LOOKUP_DEADLINE_MS = 1000;
/** How long a looked-up avatar is reused: a change made through another gateway replica shows after this. */
const AVATAR_TTL_MS = 30_000;
const MAX_USERS = 50_000;

/** What the cache holds: the avatar, or null for a user without one (a failed lookup is not kept). */
type Avatar = { url: string | null };

/**
 * A user's avatar (watch-party members, chat authors), best effort and cached: the token carries no
 * avatar, a chat post must not cost an auth call each time, and a slow or absent auth service must not
 * hold a join or a message up, so after a second it goes without one.
 */
@Injectable()
export class AvatarLookup {
  private readonly cache = new LRUCache<string, Avatar>({
    max: MAX_USERS,
    ttl: AVATAR_TTL_MS,
    // Concurrent lookups of one user share one call.
    fetchMethod: (username) => this.ask(username),
  });

  constructor(private readonly rpc: RpcClient) {}

  async of(username: string): Promise<string | null> {
    const avatar = await this.cache.fetch(username);
    return avatar?.url ?? null;
  }

  /** After the user changed their profile through this replica: the next lookup asks again. */
  forget(username: string): void {
    this.cache.delete(username);
  }

  private async ask(username: string): Promise<Avatar | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), LOOKUP_DEADLINE_MS);
      timer.unref();
    });
    const lookup = this.rpc.send('auth.user.profile', { username }, { requestId: randomUUID() }).then(
      (profile): Avatar => ({ url: profile.avatar ?? null }),
      () => undefined,
    );
    try {
      return await Promise.race([lookup, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }
}

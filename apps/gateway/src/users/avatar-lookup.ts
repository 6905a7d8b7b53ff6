import { randomUUID } from 'node:crypto';
import type { RpcClient } from '@portal/messaging';

const LOOKUP_DEADLINE_MS = 1000;

/**
 * A user's avatar (watch-party members, chat authors), best effort: the token carries no avatar, and
 * a slow or absent auth service must not hold a join or a message up, so after a second it goes
 * without one.
 */
export async function lookUpAvatar(rpc: RpcClient, username: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), LOOKUP_DEADLINE_MS);
    timer.unref();
  });
  const lookup = rpc.send('auth.user.profile', { username }, { requestId: randomUUID() }).then(
    (profile) => profile.avatar ?? null,
    () => null,
  );
  try {
    return await Promise.race([lookup, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

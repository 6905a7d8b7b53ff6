import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, startCommunityStack } from '../community/community-test-kit';
import { type Env, type RunningApp, startApps, startChatService, startModerationService } from '../support/test-apps';

export interface ModerationStack extends CommunityStack {
  moderation: RunningApp;
}

/**
 * The community stack (catalogue, auth, community, gateway) with the moderation and chat services on
 * the same database and key prefix: reports reach every owner of reportable content.
 */
export async function startModerationStack(name: string, options: { env?: Env } = {}): Promise<ModerationStack> {
  const stack = await startCommunityStack(name, options);
  const { apps, close } = await startApps(
    [() => startChatService({ CHAT_RATE_LIMIT_MESSAGES: '1000', ...stack.env }), () => startModerationService(stack.env)],
    stack.close,
  );
  return Object.assign(stack, { moderation: apps[1], close });
}

export const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);

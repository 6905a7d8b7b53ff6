import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, startCommunityStack } from '../community/community-test-kit';
import { type Env, type RunningApp, startChatService, startModerationService } from '../support/test-apps';

export interface ModerationStack extends CommunityStack {
  moderation: RunningApp;
}

/**
 * The community stack (catalogue, auth, community, gateway) with the moderation and chat services on
 * the same database and key prefix: reports reach every owner of reportable content.
 */
export async function startModerationStack(name: string, options: { env?: Env } = {}): Promise<ModerationStack> {
  const stack = await startCommunityStack(name, options);
  const started: RunningApp[] = [];
  try {
    started.push(await startChatService({ CHAT_RATE_LIMIT_MESSAGES: '1000', ...stack.env }));
    started.push(await startModerationService(stack.env));
  } catch (error) {
    for (const app of started.reverse()) await app.close();
    await stack.close();
    throw error;
  }
  const closeCommunity = stack.close;
  return Object.assign(stack, {
    moderation: started[1],
    close: async () => {
      for (const app of started.reverse()) await app.close();
      await closeCommunity();
    },
  });
}

export const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);

import type { SelfUser } from '@portal/contracts';

export interface SendConditions {
  /** The chat socket exists and is connected. */
  connected: boolean;
  user: Pick<SelfUser, 'id' | 'username'> | null;
  text: string;
}

/** SPEC.md section 5: sending is silently blocked unless connected, signed in and not blank. */
export function canSendChatMessage({ connected, user, text }: SendConditions): boolean {
  return connected && Boolean(user?.id) && Boolean(user?.username) && text.trim() !== '';
}

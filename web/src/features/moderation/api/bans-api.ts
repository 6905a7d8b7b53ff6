import type { BanKind, UserBan } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';

const bans = operationsOf('bans');

export interface BanInput {
  kind: BanKind;
  reason: string;
  /** ISO time; absent: the server's escalation (1 day, 7 days, then for ever). */
  until?: string;
}

export const banUser = (userId: string, input: BanInput): Promise<UserBan> => bans.ban({ ...input, id: userId });

export function useBanUser() {
  return useMutation({ mutationFn: ({ userId, input }: { userId: string; input: BanInput }) => banUser(userId, input) });
}

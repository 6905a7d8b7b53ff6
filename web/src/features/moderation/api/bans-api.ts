import type { BanKind, UserBan } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';

/** Every address of bans (docs/api.md, «Bans and restrictions»). */
export const BANS_PATHS = {
  ban: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/ban`,
} as const;

export interface BanInput {
  kind: BanKind;
  reason: string;
  /** ISO time; absent: the server's escalation (1 day, 7 days, then for ever). */
  until?: string;
}

export const banUser = (userId: string, input: BanInput) => apiRequest<UserBan>(BANS_PATHS.ban(userId), { method: 'POST', body: input });

export function useBanUser() {
  return useMutation({ mutationFn: ({ userId, input }: { userId: string; input: BanInput }) => banUser(userId, input) });
}

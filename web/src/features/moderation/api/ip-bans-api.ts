import type { IpBan } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/http-client';
import { auditLogKeys } from './audit-log-api';

/** GET, POST and DELETE /api/admin/ip-bans (docs/api.md, «Bans and restrictions»). */
export const IP_BANS_PATH = '/admin/ip-bans';

export interface IpBanInput {
  ip: string;
  reason: string;
  /** ISO time; absent: for ever. */
  until?: string;
}

export const fetchIpBans = (signal?: AbortSignal) => apiRequest<IpBan[]>(IP_BANS_PATH, { signal });
export const banIp = (input: IpBanInput) => apiRequest<IpBan>(IP_BANS_PATH, { method: 'POST', body: input });
export const unbanIp = (ip: string) => apiRequest<IpBan>(IP_BANS_PATH, { method: 'DELETE', query: { ip } });

export const ipBansKeys = { all: ['admin', 'ip-bans'] as const };

/** Every ban in force, newest first (the API answers them all at once). */
export const ipBansQuery = () => queryOptions({ queryKey: ipBansKeys.all, queryFn: ({ signal }) => fetchIpBans(signal), staleTime: 0 });

export const useIpBans = () => useQuery(ipBansQuery());

/** A ban or its removal: the list is read again, and the audit log that records it. */
function useIpBanMutation<V>(mutationFn: (variables: V) => Promise<IpBan>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ipBansKeys.all }), client.invalidateQueries({ queryKey: auditLogKeys.all })]);
    },
  });
}

export const useBanIp = () => useIpBanMutation(banIp);
export const useUnbanIp = () => useIpBanMutation(unbanIp);

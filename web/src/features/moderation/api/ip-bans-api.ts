import type { IpBan } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operationsOf } from '../../../shared/api/operations-client';
import { auditLogKeys } from './audit-log-api';

const bans = operationsOf('bans');

export interface IpBanInput {
  ip: string;
  reason: string;
  /** ISO time; absent: for ever. */
  until?: string;
}

export const fetchIpBans = (signal?: AbortSignal): Promise<IpBan[]> => bans.ipBans({}, { signal });
export const banIp = (input: IpBanInput): Promise<IpBan> => bans.banIp(input);
export const unbanIp = (ip: string): Promise<IpBan> => bans.unbanIp({ ip });

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

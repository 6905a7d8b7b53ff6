import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsernameAvailability } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';

export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return operationsOf('accounts').checkUsername({ username }, { signal, token: null });
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['users', 'check-username', username],
    queryFn: ({ signal }) => checkUsername(username, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useUsernameAvailabilityQuery(username: string, enabled: boolean) {
  return useQuery({ ...usernameAvailabilityQueryOptions(username), enabled });
}

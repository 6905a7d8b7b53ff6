import { queryOptions } from '@tanstack/react-query';
import type { SelfUser } from '@portal/contracts';
import { operationsOf } from '../api/operations-client';

export function verifySession(token: string): Promise<{ user: SelfUser }> {
  return operationsOf('session').verify({}, { token });
}

export const verifySessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['session', 'verify', token],
    queryFn: () => verifySession(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

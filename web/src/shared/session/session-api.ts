import { queryOptions } from '@tanstack/react-query';
import type { SelfUser } from '@portal/contracts';
import { apiRequest } from '../api/http-client';

export function verifySession(token: string): Promise<{ user: SelfUser }> {
  return apiRequest<{ user: SelfUser }>('/auth/verify', { token });
}

export const verifySessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['session', 'verify', token],
    queryFn: () => verifySession(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

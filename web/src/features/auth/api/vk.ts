import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProviders, AuthSession, VkSignInOutcome } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/http-client';
import { operationsOf } from '../../../shared/api/operations-client';

export function getAuthProviders(): Promise<AuthProviders> {
  return operationsOf('session').providers({}, { token: null });
}

export const authProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: 10 * 60_000, retry: false });

/** Which sign-in providers the server has configured; the VK button shows only when VK ID is. */
export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}

export interface VkCallbackParams {
  code: string;
  state: string;
  deviceId: string;
}

export type VkSignInResult = AuthSession & { outcome: VkSignInOutcome };

/** Finishes the sign-in VK ID returned from; the state cookie goes along, a stored token links VK instead. */
export function completeVkSignIn(params: VkCallbackParams): Promise<VkSignInResult> {
  return apiRequest<VkSignInResult>('/auth/vk/callback', { method: 'POST', body: params });
}

/**
 * One exchange per state: a query keyed by it (not a mutation in an effect) runs once even when
 * the screen mounts twice, and is never retried (the server takes each state once).
 */
export function useVkSignIn(params: VkCallbackParams | null) {
  return useQuery({
    queryKey: ['auth', 'vk-callback', params?.state ?? null],
    queryFn: () => completeVkSignIn(params!),
    enabled: params !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The query VK ID appends to the callback address, or null when it is incomplete. */
export function vkCallbackParams(search: URLSearchParams): VkCallbackParams | null {
  const code = search.get('code');
  const state = search.get('state');
  const deviceId = search.get('device_id');
  return code && state && deviceId ? { code, state, deviceId } : null;
}

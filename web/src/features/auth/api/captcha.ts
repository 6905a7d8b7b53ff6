import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Captcha } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';

export function getCaptcha(): Promise<Captcha> {
  return operationsOf('session').captcha({}, { token: null });
}

export const captchaQueryKey = ['auth', 'captcha'] as const;

/** A captcha is single-use: it is never refetched behind the user's back, only regenerated on purpose. */
export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: captchaQueryKey,
    queryFn: getCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}

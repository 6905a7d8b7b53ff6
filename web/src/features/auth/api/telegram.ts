import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TelegramChannelInfo, TelegramSession, TelegramSessionCheck } from '@portal/contracts';
import { operationsOf } from '../../../shared/api/operations-client';
import { TELEGRAM_MAX_POLLS, TELEGRAM_POLL_INTERVAL_MS } from '../../../shared/config/constants';

const telegram = operationsOf('telegram');

export function getTelegramChannelInfo(): Promise<TelegramChannelInfo> {
  return telegram.channelInfo({}, { token: null });
}

export const telegramChannelInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['telegram', 'channel-info'],
    queryFn: getTelegramChannelInfo,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useTelegramChannelInfo() {
  return useQuery(telegramChannelInfoQueryOptions());
}

export type { TelegramSession, TelegramSessionCheck };

export function createTelegramSession(): Promise<TelegramSession> {
  return telegram.createSession({}, { token: null });
}

export function checkTelegramSession(sessionToken: string): Promise<TelegramSessionCheck> {
  return telegram.checkSession({ sessionToken }, { token: null });
}

export function useCreateTelegramSession() {
  return useMutation({ mutationFn: createTelegramSession });
}

/** Polls every 2 s, at most 30 times, until the bot confirms the subscription (SPEC.md section 7). */
export const telegramSessionCheckKey = (sessionToken: string | null) => ['telegram', 'check-session', sessionToken] as const;

export function useTelegramSessionCheck(sessionToken: string | null) {
  return useQuery({
    queryKey: telegramSessionCheckKey(sessionToken),
    queryFn: () => checkTelegramSession(sessionToken ?? ''),
    enabled: sessionToken !== null,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const attempts = query.state.dataUpdateCount + query.state.errorUpdateCount;
      return query.state.data?.verified || attempts >= TELEGRAM_MAX_POLLS ? false : TELEGRAM_POLL_INTERVAL_MS;
    },
  });
}

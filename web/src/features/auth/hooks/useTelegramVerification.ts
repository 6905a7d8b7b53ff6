import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TELEGRAM_MAX_POLLS } from '../../../shared/config/constants';
import { telegramSessionCheckKey, useCreateTelegramSession, useTelegramChannelInfo, useTelegramSessionCheck } from '../api/telegram';
import { AUTH_STRINGS } from '../strings';

export type TelegramWidgetState = 'info' | 'checking' | 'verified';

export interface TelegramVerification {
  required: boolean;
  channel: { title: string; description: string; url: string; username: string } | null;
  state: TelegramWidgetState;
  telegramUserId: string | null;
  /** The verified session registration sends: the server reads the Telegram id from it. */
  sessionToken: string | null;
  error: string | null;
  start(): void;
}

/** info -> checking -> verified; back to info when the session cannot be created or polling runs out. */
export function useTelegramVerification(): TelegramVerification {
  const channelInfo = useTelegramChannelInfo();
  const createSession = useCreateTelegramSession();
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const check = useTelegramSessionCheck(sessionToken);
  const pollState = useQueryClient().getQueryState(telegramSessionCheckKey(sessionToken));

  const attempts = (pollState?.dataUpdateCount ?? 0) + (pollState?.errorUpdateCount ?? 0);
  const verified = check.data?.verified === true;
  const exhausted = sessionToken !== null && !verified && attempts >= TELEGRAM_MAX_POLLS;

  let state: TelegramWidgetState = 'info';
  if (verified) state = 'verified';
  else if (createSession.isPending || (sessionToken !== null && !exhausted)) state = 'checking';

  let error: string | null = null;
  if (createSession.isError) error = AUTH_STRINGS.telegramSessionFailed;
  else if (exhausted) error = AUTH_STRINGS.telegramTimedOut;

  const start = () => {
    setSessionToken(null);
    createSession.mutate(undefined, {
      onSuccess: ({ sessionToken: token, botUrl }) => {
        setSessionToken(token);
        window.open(`${botUrl}?start=check_${encodeURIComponent(token)}`, '_blank', 'noopener,noreferrer');
      },
    });
  };

  return {
    required: channelInfo.data?.required === true,
    channel: channelInfo.data?.channel ?? null,
    state,
    telegramUserId: verified ? (check.data?.userId ?? null) : null,
    sessionToken: verified ? sessionToken : null,
    error,
    start,
  };
}

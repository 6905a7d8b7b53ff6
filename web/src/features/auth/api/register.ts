import { useMutation } from '@tanstack/react-query';
import type { AuthSession } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/http-client';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  captchaId: string;
  captchaAnswer: string;
  /** The user agreement accepted: the server refuses a registration without it. */
  agreement: boolean;
  /** A verified Telegram session (POST /telegram/check-session), when the channel check is on. */
  telegramSessionToken?: string;
}

export function register(input: RegisterInput): Promise<AuthSession> {
  return apiRequest<AuthSession>('/auth/register', { method: 'POST', body: input, token: null });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}

import { useMutation } from '@tanstack/react-query';
import type { AuthSession } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/http-client';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<AuthSession> {
  return apiRequest<AuthSession>('/auth/login', { method: 'POST', body: input, token: null });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}

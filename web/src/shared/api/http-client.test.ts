import { ErrorCode } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/mock-api';
import { mockApiPerTest } from '../../test/mock-api-per-test';
import { ApiError } from './api-error';
import { apiRequest, apiUrl } from './http-client';
import { onSessionExpired } from './session-expiry';
import { tokenStorage } from './token-storage';
import { makeUser } from '../../test/fixtures';

const mockApi = mockApiPerTest();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('prefixes /api, drops empty query values and unwraps the envelope data', async () => {
    const api = mockApi({ 'GET /api/users/check-username': ok({ available: true, message: 'Ник свободен' }) });
    await expect(apiRequest('/users/check-username', { query: { username: 'neko', empty: '' } })).resolves.toEqual({
      available: true,
      message: 'Ник свободен',
    });
    expect(api.calls[0]?.query.toString()).toBe('username=neko');
    expect(apiUrl('/api/health')).toBe('/api/health');
  });

  it('sends the stored token as a bearer token', async () => {
    tokenStorage.save('jwt-1', makeUser());
    const api = mockApi({ 'GET /api/auth/verify': ok({ user: makeUser() }) });
    await apiRequest('/auth/verify');
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-1');
  });

  it('rejects with the server message, code, field errors and Retry-After', async () => {
    mockApi({
      'POST /api/auth/register': {
        ...fail(429, ErrorCode.RateLimited, 'Слишком много запросов', [{ field: 'email', message: 'Некорректный email' }]),
        headers: { 'Retry-After': '30' },
      },
    });
    const error = await failureOf(apiRequest('/auth/register', { method: 'POST', body: {} }));
    expect(error.message).toBe('Слишком много запросов');
    expect(error.code).toBe(ErrorCode.RateLimited);
    expect(error.fieldMessage('email')).toBe('Некорректный email');
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('reports an empty body, a non-JSON body and a lost connection in Russian', async () => {
    mockApi({
      'GET /api/empty': { status: 200, raw: '' },
      'GET /api/html': { status: 502, raw: '<html>Bad gateway</html>' },
      'GET /api/down': { networkError: true },
    });
    expect((await failureOf(apiRequest('/empty'))).message).toBe('Сервер вернул пустой ответ');
    expect((await failureOf(apiRequest('/html'))).message).toBe('Сервер вернул неверный формат ответа');
    const down = await failureOf(apiRequest('/down'));
    expect(down.message).toBe('Не удалось подключиться к серверу. Проверьте, запущен ли сервер.');
    expect(down.status).toBeNull();
  });

  it('signs out on a 401 from a non-exempt endpoint while on a private page', async () => {
    window.history.replaceState(null, '', '/profile');
    tokenStorage.save('jwt-old', makeUser());
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    mockApi({ 'PUT /api/auth/profile': fail(401, ErrorCode.TokenExpired, 'Сессия истекла, войдите снова') });
    await failureOf(apiRequest('/auth/profile', { method: 'PUT', body: {} }));
    unsubscribe();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(tokenStorage.getToken()).toBeNull();
  });

  it('keeps the session on a 401 from /auth/login (wrong password) and on public pages', async () => {
    tokenStorage.save('jwt-keep', makeUser());
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    mockApi({
      'POST /api/auth/login': fail(401, ErrorCode.InvalidCredentials, 'Неверный email или пароль'),
      'GET /api/users/anime': fail(401, ErrorCode.Unauthorized, 'Требуется авторизация'),
    });
    window.history.replaceState(null, '', '/settings');
    await failureOf(apiRequest('/auth/login', { method: 'POST', body: {} }));
    window.history.replaceState(null, '', '/catalog');
    await failureOf(apiRequest('/users/anime'));
    unsubscribe();
    expect(expired).not.toHaveBeenCalled();
    expect(tokenStorage.getToken()).toBe('jwt-keep');
  });
});

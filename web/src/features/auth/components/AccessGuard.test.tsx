import { ErrorCode } from '@portal/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../shared/api/http-client';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { AccessGuard } from './AccessGuard';

const mockApi = mockApiPerTest();

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const Secret = () => <p>Секретный раздел</p>;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('AccessGuard', () => {
  it('shows the content at once when a stored session is trusted (no check runs, no spinner)', async () => {
    tokenStorage.save('jwt', makeUser());
    const api = mockApi({});
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/' },
    );

    expect(screen.getByText('Секретный раздел')).toBeInTheDocument();
    expect(screen.queryByText('Проверка авторизации...')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('greets a guest with the sign-in buttons at once (nothing to check), VK ID among them when configured', async () => {
    mockApi({ 'GET /api/auth/providers': ok({ vk: true, telegram: false }) });
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/profile' },
    );

    expect(screen.getByRole('heading', { name: 'Добро пожаловать!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/register');
    await advance(10);
    expect(screen.getByRole('link', { name: 'Войти через ВКонтакте' })).toHaveAttribute('href', '/vk-auth');
    expect(screen.queryByText('Секретный раздел')).not.toBeInTheDocument();
  });

  it('offers no VK sign-in to a guest when the server has no VK ID', async () => {
    const api = mockApi({ 'GET /api/auth/providers': ok({ vk: false, telegram: false }) });
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/profile' },
    );

    await advance(10);
    expect(api.calls.map((call) => call.path)).toContain('/api/auth/providers');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Войти через ВКонтакте' })).not.toBeInTheDocument();
  });

  it('shows a check the server answers quickly for at least 0.5 s, then the content', async () => {
    tokenStorage.save('jwt', makeUser());
    const api = mockApi({ 'GET /api/auth/verify': { ...ok({ user: makeUser() }), delayMs: 50 } });
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/profile' },
    );

    expect(screen.getByText('Проверка авторизации...')).toBeInTheDocument();
    await advance(499);
    expect(screen.getByText('Проверка авторизации...')).toBeInTheDocument();
    expect(screen.queryByText('Секретный раздел')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByText('Секретный раздел')).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/verify')).toHaveLength(1);
  });

  it('keeps checking past 0.5 s while the server verifies a session on an untrusted path', async () => {
    tokenStorage.save('jwt', makeUser());
    const api = mockApi({ 'GET /api/auth/verify': { ...ok({ user: makeUser({ rank: 'сэнпай' }) }), delayMs: 1200 } });
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/profile' },
    );

    await advance(1100);
    expect(screen.getByText('Проверка авторизации...')).toBeInTheDocument();
    await advance(200);
    expect(screen.getByText('Секретный раздел')).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/verify')).toHaveLength(1);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(tokenStorage.read()?.user?.rank).toBe('сэнпай');
  });

  it('clears a token the server rejects and shows the welcome prompt', async () => {
    tokenStorage.save('jwt-expired', makeUser());
    mockApi({ 'GET /api/auth/verify': fail(401, ErrorCode.TokenExpired, 'Сессия истекла, войдите снова') });
    renderWithApp(
      <AccessGuard>
        <Secret />
      </AccessGuard>,
      { route: '/settings' },
    );
    await advance(500);

    expect(screen.getByRole('heading', { name: 'Добро пожаловать!' })).toBeInTheDocument();
    expect(tokenStorage.read()).toBeNull();
  });
});

describe('automatic sign-out', () => {
  const CallsProfile = () => (
    <AccessGuard>
      <button type="button" onClick={() => void apiRequest('/auth/profile', { method: 'PUT', body: {} }).catch(() => undefined)}>
        Сохранить
      </button>
    </AccessGuard>
  );

  it('sends the user to /login when a private call answers 401 on a private page', async () => {
    window.history.replaceState(null, '', '/settings');
    tokenStorage.save('jwt', makeUser());
    mockApi({
      'GET /api/auth/verify': ok({ user: makeUser() }),
      'PUT /api/auth/profile': fail(401, ErrorCode.TokenExpired, 'Сессия истекла, войдите снова'),
    });
    renderWithApp(<CallsProfile />, { route: '/settings' });
    await advance(500);

    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await advance(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(tokenStorage.getToken()).toBeNull();
  });
});

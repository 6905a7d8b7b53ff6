import { ErrorCode } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { LoginForm } from './LoginForm';

const mockApi = mockApiPerTest();

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('LoginForm', () => {
  it('asks for every field without calling the server', async () => {
    const api = mockApi({});
    renderWithApp(<LoginForm />, { session: null });
    await fillAndSubmit('   ', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Все поля обязательны для заполнения');
    // Only the provider list (whether to show the VK button) is read; nothing is submitted.
    expect(api.calls.filter((call) => !call.path.endsWith('/api/auth/providers'))).toHaveLength(0);
  });

  it('signs in, stores the session, trims the email and shows the success toast', async () => {
    const api = mockApi({
      'POST /api/auth/login': ok({ token: 'jwt-new', user: makeUser() }),
      'GET /api/auth/verify': ok({ user: makeUser() }),
    });
    renderWithApp(<LoginForm />, { session: null });
    await fillAndSubmit(' sakura@example.com ', 'secret1');

    expect(await screen.findByText('Вы успешно вошли в систему')).toBeInTheDocument();
    expect(screen.getByText('Успех')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'sakura@example.com', password: 'secret1' });
    expect(tokenStorage.getToken()).toBe('jwt-new');
    // Login re-verifies the fresh token (SPEC.md section 4).
    await waitFor(() => expect(api.callsTo('GET /api/auth/verify')).toHaveLength(1));
  });

  it('shows wrong credentials inline in red and stays on the page', async () => {
    mockApi({ 'POST /api/auth/login': fail(401, ErrorCode.InvalidCredentials, 'Неверный email или пароль') });
    renderWithApp(<LoginForm />, { route: '/settings', session: null });
    await fillAndSubmit('sakura@example.com', 'wrong-pass');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Неверный email или пароль');
    expect(alert).toHaveClass('form__error');
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('explains a lost connection', async () => {
    mockApi({ 'POST /api/auth/login': { networkError: true } });
    renderWithApp(<LoginForm />, { session: null });
    await fillAndSubmit('sakura@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось подключиться к серверу. Проверьте, запущен ли сервер.');
  });

  it('falls back to "Ошибка при входе" when the server gives no message', async () => {
    mockApi({ 'POST /api/auth/login': { status: 500, body: { success: false, code: ErrorCode.Internal, message: '' } } });
    renderWithApp(<LoginForm />, { session: null });
    await fillAndSubmit('sakura@example.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при входе');
  });
});

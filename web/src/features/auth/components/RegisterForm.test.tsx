import { ErrorCode } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { CAPTCHA, makeUser, NEXT_CAPTCHA } from '../../../test/fixtures';
import { fail, ok, type MockRequest } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { RegisterForm } from './RegisterForm';

const mockApi = mockApiPerTest({
  'GET /api/auth/captcha': [ok(CAPTCHA), ok(NEXT_CAPTCHA)],
  'GET /api/telegram/channel-info': ok({ required: false, channel: null }),
  'GET /api/users/check-username': ok({ available: true, message: 'Ник свободен' }),
  'GET /api/auth/verify': ok({ user: makeUser() }),
});

const submitButton = () => screen.getByRole('button', { name: /Зарегистрироваться|Регистрация\.\.\./ });

async function fillForm(overrides: Partial<Record<'username' | 'email' | 'password' | 'confirm' | 'answer', string>> = {}) {
  const user = userEvent.setup();
  const values = { username: 'sakura', email: 'sakura@example.com', password: 'secret1', confirm: 'secret1', answer: '10', ...overrides };
  await user.type(screen.getByLabelText('Ник'), values.username);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Пароль'), values.password);
  await user.type(screen.getByLabelText('Повторите пароль'), values.confirm);
  await user.type(await screen.findByLabelText('Решите пример: 7 + 3 = ?'), values.answer);
  await user.click(screen.getByLabelText('Я принимаю условия пользовательского соглашения'));
  return user;
}

describe('RegisterForm username check', () => {
  it('asks the server 500 ms after typing stops, showing "Проверка..." then "Ник свободен"', async () => {
    const api = mockApi({ 'GET /api/users/check-username': { ...ok({ available: true, message: 'Ник свободен' }), delayMs: 150 } });
    renderWithApp(<RegisterForm />, { session: null });
    await userEvent.setup().type(screen.getByLabelText('Ник'), 'sakura');

    expect(api.callsTo('GET /api/users/check-username')).toHaveLength(0);
    expect(await screen.findByText('Проверка...')).toBeInTheDocument();
    expect(await screen.findByText('Ник свободен')).toBeInTheDocument();
    const checks = api.callsTo('GET /api/users/check-username');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.query.get('username')).toBe('sakura');
  });

  it('shows the server reason when the name is taken and blocks the submit button', async () => {
    mockApi({ 'GET /api/users/check-username': ok({ available: false, message: 'Пользователь с таким ником уже существует' }) });
    renderWithApp(<RegisterForm />, { session: null });
    await fillForm();
    expect(await screen.findByText('Пользователь с таким ником уже существует')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('reports format errors without a request', async () => {
    const api = mockApi({});
    renderWithApp(<RegisterForm />, { session: null });
    await userEvent.setup().type(screen.getByLabelText('Ник'), '12345');
    expect(await screen.findByText('Ник не может состоять только из цифр')).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/check-username')).toHaveLength(0);
  });

  it('says "Ошибка проверки ника" when the check itself fails', async () => {
    mockApi({ 'GET /api/users/check-username': { networkError: true } });
    renderWithApp(<RegisterForm />, { session: null });
    await userEvent.setup().type(screen.getByLabelText('Ник'), 'sakura');
    expect(await screen.findByText('Ошибка проверки ника')).toBeInTheDocument();
  });
});

describe('RegisterForm submission', () => {
  it('keeps the button disabled until every field and the agreement are filled', async () => {
    mockApi({});
    renderWithApp(<RegisterForm />, { session: null });
    expect(submitButton()).toBeDisabled();
    const user = await fillForm();
    await screen.findByText('Ник свободен');
    expect(submitButton()).toBeEnabled();
    await user.click(screen.getByLabelText('Я принимаю условия пользовательского соглашения'));
    expect(submitButton()).toBeDisabled();
  });

  it('shows password problems inline without calling the server', async () => {
    const api = mockApi({});
    renderWithApp(<RegisterForm />, { session: null });
    const user = await fillForm({ password: '12345', confirm: '54321' });
    await screen.findByText('Ник свободен');
    await user.click(submitButton());
    expect(await screen.findByText('Пароль должен быть не менее 6 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('regenerates the captcha after a wrong answer and shows the reason', async () => {
    const api = mockApi({ 'POST /api/auth/register': fail(400, ErrorCode.InvalidCaptcha, 'Неверный ответ на пример') });
    renderWithApp(<RegisterForm />, { session: null });
    const user = await fillForm({ answer: '11' });
    await screen.findByText('Ник свободен');
    await user.click(submitButton());

    expect(await screen.findByLabelText('Решите пример: 2 + 5 = ?')).toHaveValue('');
    expect(screen.getByText('Неверный ответ на пример')).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/captcha')).toHaveLength(2);
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toMatchObject({ captchaId: 'c-1', captchaAnswer: '11' });
  });

  it('shows "Регистрация..." while submitting, then signs in, toasts, clears the form and renews the captcha', async () => {
    const onSuccess = vi.fn();
    const api = mockApi({
      'POST /api/auth/register': (request: MockRequest) => ({
        ...ok({ token: 'jwt-reg', user: makeUser({ username: String((request.body as { username: string }).username) }), cardReward: 'sakura.webm' }, 201),
        delayMs: 50,
      }),
    });
    renderWithApp(<RegisterForm onSuccess={onSuccess} />, { session: null });
    const user = await fillForm();
    await screen.findByText('Ник свободен');
    await user.click(submitButton());

    expect(screen.getByRole('button', { name: 'Регистрация...' })).toBeDisabled();
    expect(await screen.findByText('Вы успешно зарегистрировались')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith('sakura.webm');
    expect(tokenStorage.getToken()).toBe('jwt-reg');
    expect(screen.getByLabelText('Ник')).toHaveValue('');
    expect(await screen.findByLabelText('Решите пример: 2 + 5 = ?')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      username: 'sakura',
      email: 'sakura@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      captchaId: 'c-1',
      captchaAnswer: '10',
      agreement: true,
    });
  });

  it('puts server field errors under their fields in red', async () => {
    mockApi({
      'POST /api/auth/register': fail(409, ErrorCode.EmailTaken, 'Пользователь с таким email уже существует', [
        { field: 'email', message: 'Пользователь с таким email уже существует' },
      ]),
    });
    renderWithApp(<RegisterForm />, { session: null });
    const user = await fillForm();
    await screen.findByText('Ник свободен');
    await user.click(submitButton());
    const message = await screen.findByText('Пользователь с таким email уже существует');
    expect(message).toHaveClass('field__message--error');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('RegisterForm Telegram check', () => {
  it('is hidden when the server does not require it', async () => {
    mockApi({});
    renderWithApp(<RegisterForm />, { session: null });
    await screen.findByLabelText('Решите пример: 7 + 3 = ?');
    expect(screen.queryByRole('region', { name: 'Подписка на Telegram-канал' })).not.toBeInTheDocument();
  });

  it('is required when the server asks for it', async () => {
    const api = mockApi({
      'GET /api/telegram/channel-info': ok({
        required: true,
        channel: { title: 'Аниме-канал', description: 'Новости', url: 'https://t.me/anime', username: 'anime' },
      }),
    });
    renderWithApp(<RegisterForm />, { session: null });
    expect(await screen.findByRole('region', { name: 'Подписка на Telegram-канал' })).toBeInTheDocument();
    const user = await fillForm();
    await screen.findByText('Ник свободен');
    await user.click(submitButton());
    expect(await screen.findByText('Необходимо проверить подписку на Telegram канал')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);
  });

  it('opens the bot, polls and shows the confirmation', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({
      'GET /api/telegram/channel-info': ok({
        required: true,
        channel: { title: 'Аниме-канал', description: 'Новости', url: 'https://t.me/anime', username: 'anime' },
      }),
      'POST /api/telegram/create-session': ok({ sessionToken: 'tg-1', botUrl: 'https://t.me/PortalBot' }),
      'POST /api/telegram/check-session': ok({ verified: true, userId: '777' }),
    });
    renderWithApp(<RegisterForm />, { session: null });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Проверить подписку' }));
    expect(await screen.findByText(/Подписка подтверждена!/)).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('https://t.me/PortalBot?start=check_tg-1', '_blank', 'noopener,noreferrer');
  });

  it('returns to the info state with "Ошибка создания сессии" when the session cannot be created', async () => {
    mockApi({
      'GET /api/telegram/channel-info': ok({ required: true, channel: null }),
      'POST /api/telegram/create-session': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'),
    });
    renderWithApp(<RegisterForm />, { session: null });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Проверить подписку' }));
    expect(await screen.findByText('Ошибка создания сессии')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Проверить подписку' })).toBeInTheDocument());
  });
});

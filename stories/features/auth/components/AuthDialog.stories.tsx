import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { AuthDialog } from '../../../../web/src/features/auth/components/AuthDialog';
import type { AuthTab } from '../../../../web/src/features/auth/hooks/auth-flow-context';
import { CAPTCHA, NEXT_CAPTCHA, fail, makeUser, ok } from '../../../support/fixtures';

function AuthDialogHarness({ initialTab }: { initialTab: AuthTab }) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [open, setOpen] = useState(true);
  return <AuthDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />;
}

const baseApi = {
  'GET /api/auth/captcha': [ok(CAPTCHA), ok(NEXT_CAPTCHA)],
  'GET /api/telegram/channel-info': ok({ required: false, channel: null }),
  'GET /api/users/check-username': ok({ available: true, message: 'Ник свободен' }),
  'GET /api/auth/verify': ok({ user: makeUser() }),
  'GET /api/auth/providers': ok({ vk: true, telegram: false }),
};

const telegramChannel = {
  required: true,
  channel: { title: 'АнимеПортал', description: 'Новости и релизы', url: 'https://t.me/anime_portal', username: 'anime_portal' },
};

const meta = {
  title: 'features/auth/components/AuthDialog',
  component: AuthDialogHarness,
  args: { initialTab: 'login' },
  parameters: { mockApi: baseApi },
} satisfies Meta<typeof AuthDialogHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Войти или зарегистрироваться' });

async function fillLogin(email: string, password: string) {
  const form = within(await dialog());
  if (email) await userEvent.type(form.getByLabelText('Email'), email);
  if (password) await userEvent.type(form.getByLabelText('Пароль'), password);
  await userEvent.click(form.getByRole('button', { name: 'Войти' }));
  return form;
}

interface RegistrationValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
  answer: string;
  agree: boolean;
}

const VALID: RegistrationValues = {
  username: 'sakura',
  email: 'sakura@example.com',
  password: 'secret1',
  confirm: 'secret1',
  answer: '10',
  agree: true,
};

async function fillRegistration(values: Partial<RegistrationValues> = {}) {
  const all = { ...VALID, ...values };
  const form = within(await dialog());
  if (all.username) await userEvent.type(form.getByLabelText('Ник'), all.username);
  if (all.email) await userEvent.type(form.getByLabelText('Email'), all.email);
  if (all.password) await userEvent.type(form.getByLabelText('Пароль'), all.password);
  if (all.confirm) await userEvent.type(form.getByLabelText('Повторите пароль'), all.confirm);
  if (all.answer) await userEvent.type(await form.findByLabelText('Решите пример: 7 + 3 = ?'), all.answer);
  if (all.agree) await userEvent.click(form.getByLabelText('Я принимаю условия пользовательского соглашения'));
  return form;
}

const submitRegistration = (form: ReturnType<typeof within>) => userEvent.click(form.getByRole('button', { name: 'Зарегистрироваться' }));

// ---- Login tab ----

export const LoginEmpty: Story = {
  play: async () => {
    const form = within(await dialog());
    await expect(form.getByRole('tab', { name: 'Вход' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.getByLabelText('Email')).toHaveValue('');
    await expect(form.getByText('Или войдите через')).toBeInTheDocument();
    await expect(form.getByRole('link', { name: 'ВКонтакте' })).toHaveAttribute('href', '/api/auth/vk');
  },
};

export const LoginRequiredFields: Story = {
  play: async () => {
    const form = await fillLogin('', '');
    await expect(await form.findByRole('alert')).toHaveTextContent('Все поля обязательны для заполнения');
  },
};

export const LoginWrongCredentials: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/login': fail(401, ErrorCode.InvalidCredentials, 'Неверный email или пароль') } },
  play: async () => {
    const form = await fillLogin('sakura@example.com', 'wrong-pass');
    await expect(await form.findByRole('alert')).toHaveTextContent('Неверный email или пароль');
  },
};

export const LoginServerUnreachable: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/login': { networkError: true } } },
  play: async () => {
    const form = await fillLogin('sakura@example.com', 'secret1');
    await expect(await form.findByRole('alert')).toHaveTextContent('Не удалось подключиться к серверу. Проверьте, запущен ли сервер.');
  },
};

export const LoginSubmitting: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/login': { hang: true } } },
  play: async () => {
    const form = await fillLogin('sakura@example.com', 'secret1');
    await expect(await form.findByRole('button', { name: 'Вход...' })).toBeDisabled();
  },
};

export const LoginSuccess: Story = {
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/login': ok({ token: 'jwt', user: makeUser() }) } },
  play: async () => {
    await fillLogin('sakura@example.com', 'secret1');
    await expect(await screen.findByText('Вы успешно вошли в систему')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

// ---- Registration tab ----

export const RegisterEmpty: Story = {
  args: { initialTab: 'register' },
  play: async () => {
    const form = within(await dialog());
    await expect(form.getByRole('tab', { name: 'Регистрация' })).toHaveAttribute('aria-selected', 'true');
    await expect(await form.findByLabelText('Решите пример: 7 + 3 = ?')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
    await expect(form.getByText('Или зарегистрируйтесь через')).toBeInTheDocument();
    await expect(form.queryByRole('region', { name: 'Подписка на Telegram-канал' })).not.toBeInTheDocument();
  },
};

export const RegisterUsernameTooShort: Story = {
  args: { initialTab: 'register' },
  play: async () => {
    const form = await fillRegistration({ username: 'abc' });
    await expect(await form.findByText('Ник должен быть не короче 4 символов')).toBeInTheDocument();
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
  },
};

export const RegisterUsernameDigitsOnly: Story = {
  args: { initialTab: 'register' },
  play: async () => {
    const form = await fillRegistration({ username: '123456' });
    await expect(await form.findByText('Ник не может состоять только из цифр')).toBeInTheDocument();
  },
};

/** A registration form whose live nickname check answers `checkResponse`, showing `expectedText`. */
const usernameCheckStory = (checkResponse: unknown, expectedText: string, username = 'sakura'): Story => ({
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'GET /api/users/check-username': checkResponse } },
  play: async () => {
    const form = within(await dialog());
    await userEvent.type(form.getByLabelText('Ник'), username);
    await expect(await form.findByText(expectedText)).toBeInTheDocument();
  },
});

export const RegisterUsernameChecking = usernameCheckStory({ hang: true }, 'Проверка...');

export const RegisterUsernameBadWords = usernameCheckStory(
  ok({ available: false, message: 'Ник содержит недопустимые слова' }),
  'Ник содержит недопустимые слова',
  'badname',
);

export const RegisterUsernameCheckFailed = usernameCheckStory({ networkError: true }, 'Ошибка проверки ника');

export const RegisterUsernameFree: Story = {
  args: { initialTab: 'register' },
  play: async () => {
    const form = within(await dialog());
    await userEvent.type(form.getByLabelText('Ник'), 'sakura');
    await expect(await form.findByText('Ник свободен')).toHaveClass('field__message--success');
  },
};

export const RegisterUsernameTaken: Story = {
  args: { initialTab: 'register' },
  parameters: {
    mockApi: { ...baseApi, 'GET /api/users/check-username': ok({ available: false, message: 'Пользователь с таким ником уже существует' }) },
  },
  play: async () => {
    const form = await fillRegistration();
    await expect(await form.findByText('Пользователь с таким ником уже существует')).toHaveClass('field__message--error');
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
  },
};

/** A registration form filled with `overrides` and submitted, showing the validation `expectedText`. */
const submittedFormStory = (overrides: Parameters<typeof fillRegistration>[0], expectedText: string): Story => ({
  args: { initialTab: 'register' },
  play: async () => {
    const form = await fillRegistration(overrides);
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await form.findByText(expectedText)).toBeInTheDocument();
  },
});

export const RegisterEmailInvalid = submittedFormStory({ email: 'sakura@mail' }, 'Некорректный email');

export const RegisterPasswordTooShort = submittedFormStory({ password: '12345', confirm: '12345' }, 'Пароль должен быть не менее 6 символов');

export const RegisterPasswordsMismatch = submittedFormStory({ confirm: 'secret2' }, 'Пароли не совпадают');

export const RegisterAgreementMissing: Story = {
  args: { initialTab: 'register' },
  play: async () => {
    const form = await fillRegistration({ agree: false });
    await form.findByText('Ник свободен');
    await expect(form.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
    await userEvent.click(form.getByRole('button', { name: 'Прочитать соглашение' }));
    await expect(await screen.findByRole('dialog', { name: 'Пользовательское соглашение' })).toBeInTheDocument();
  },
};

export const RegisterCaptchaWrong: Story = {
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/register': fail(400, ErrorCode.InvalidCaptcha, 'Неверный ответ на пример') } },
  play: async () => {
    const form = await fillRegistration({ answer: '11' });
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await form.findByLabelText('Решите пример: 2 + 5 = ?')).toHaveValue('');
    await expect(form.getByText('Неверный ответ на пример')).toBeInTheDocument();
  },
};

export const RegisterEmailTaken: Story = {
  args: { initialTab: 'register' },
  parameters: {
    mockApi: {
      ...baseApi,
      'POST /api/auth/register': fail(409, ErrorCode.EmailTaken, 'Пользователь с таким email уже существует', [
        { field: 'email', message: 'Пользователь с таким email уже существует' },
      ]),
    },
  },
  play: async () => {
    const form = await fillRegistration();
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await form.findByText('Пользователь с таким email уже существует')).toHaveClass('field__message--error');
  },
};

export const RegisterSubmitting: Story = {
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/register': { hang: true } } },
  play: async () => {
    const form = await fillRegistration();
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await form.findByRole('button', { name: 'Регистрация...' })).toBeDisabled();
  },
};

export const RegisterSuccess: Story = {
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'POST /api/auth/register': ok({ token: 'jwt', user: makeUser() }, 201) } },
  play: async () => {
    const form = await fillRegistration();
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await screen.findByText('Вы успешно зарегистрировались')).toBeInTheDocument();
  },
};

export const RegisterTelegramInfo: Story = {
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'GET /api/telegram/channel-info': ok(telegramChannel) } },
  play: async () => {
    const widget = within(await screen.findByRole('region', { name: 'Подписка на Telegram-канал' }));
    await expect(widget.getByText('АнимеПортал')).toBeInTheDocument();
    await expect(widget.getByRole('link', { name: 'Открыть канал' })).toHaveAttribute('href', 'https://t.me/anime_portal');
    await expect(widget.getByRole('button', { name: 'Проверить подписку' })).toBeEnabled();
  },
};

export const RegisterTelegramRequired: Story = {
  args: { initialTab: 'register' },
  parameters: { mockApi: { ...baseApi, 'GET /api/telegram/channel-info': ok(telegramChannel) } },
  play: async () => {
    await screen.findByRole('region', { name: 'Подписка на Telegram-канал' });
    const form = await fillRegistration();
    await form.findByText('Ник свободен');
    await submitRegistration(form);
    await expect(await form.findByText('Необходимо проверить подписку на Telegram канал')).toBeInTheDocument();
  },
};

export const RegisterTelegramChecking: Story = {
  args: { initialTab: 'register' },
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/telegram/channel-info': ok(telegramChannel),
      'POST /api/telegram/create-session': ok({ sessionToken: 'tg-story', botUrl: 'https://t.me/PortalBot' }),
      'POST /api/telegram/check-session': { hang: true },
    },
  },
  play: async () => {
    const open = spyOn(window, 'open').mockReturnValue(null);
    const widget = within(await screen.findByRole('region', { name: 'Подписка на Telegram-канал' }));
    await userEvent.click(widget.getByRole('button', { name: 'Проверить подписку' }));
    await expect(await widget.findByText('Проверяем подписку... Откройте Telegram')).toBeInTheDocument();
    await expect(open).toHaveBeenCalledWith('https://t.me/PortalBot?start=check_tg-story', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  },
};

export const LoginVkOff: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/auth/providers': ok({ vk: false, telegram: false }) } },
  play: async () => {
    const form = within(await dialog());
    await form.findByRole('button', { name: 'Войти' });
    await expect(form.queryByRole('link', { name: 'ВКонтакте' })).not.toBeInTheDocument();
  },
};

export const RegisterTelegramVerified: Story = {
  args: { initialTab: 'register' },
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/telegram/channel-info': ok(telegramChannel),
      'POST /api/telegram/create-session': ok({ sessionToken: 'tg-story', botUrl: 'https://t.me/PortalBot' }),
      'POST /api/telegram/check-session': ok({ verified: true, userId: '4242' }),
      'POST /api/auth/register': ok({ token: 'jwt', user: makeUser() }, 201),
    },
  },
  play: async () => {
    const open = spyOn(window, 'open').mockReturnValue(null);
    const widget = within(await screen.findByRole('region', { name: 'Подписка на Telegram-канал' }));
    await userEvent.click(widget.getByRole('button', { name: 'Проверить подписку' }));
    await expect(await widget.findByText(/Подписка подтверждена!/)).toBeInTheDocument();
    await expect(open).toHaveBeenCalledWith('https://t.me/PortalBot?start=check_tg-story', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  },
};

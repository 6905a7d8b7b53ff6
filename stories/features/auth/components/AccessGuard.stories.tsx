import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { AccessGuard, GuardChecking, WelcomePrompt } from '../../../../web/src/features/auth/components/AccessGuard';
import { ok, userSession } from '../../../support/fixtures';

const meta = {
  title: 'features/auth/components/AccessGuard',
  component: AccessGuard,
  args: { children: <p>Закрытый раздел для участников</p> },
} satisfies Meta<typeof AccessGuard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  render: () => <GuardChecking />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Проверка авторизации...');
  },
};

export const Prompt: Story = {
  render: () => <WelcomePrompt />,
  parameters: { mockApi: { 'GET /api/auth/providers': ok({ vk: true, telegram: false }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Добро пожаловать!' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/register');
    await expect(await canvas.findByRole('link', { name: 'Войти через ВКонтакте' })).toHaveAttribute('href', '/vk-auth');
  },
};

/** VK ID not configured on the server: no VK link. */
export const PromptWithoutVk: Story = {
  render: () => <WelcomePrompt />,
  parameters: { mockApi: { 'GET /api/auth/providers': ok({ vk: false, telegram: false }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Зарегистрироваться' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvas.queryByRole('link', { name: 'Войти через ВКонтакте' })).not.toBeInTheDocument();
  },
};

/** A guest has no session to check: the prompt shows at once, with no «Проверка авторизации...» first. */
export const Guest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Добро пожаловать!' })).toBeInTheDocument();
    await expect(canvas.queryByText('Проверка авторизации...')).not.toBeInTheDocument();
    await expect(canvas.queryByText('Закрытый раздел для участников')).not.toBeInTheDocument();
  },
};

/** A stored session on a path that is not trusted: checked with the server, the spinner at least 0.5 s. */
export const VerifyingStoredSession: Story = {
  parameters: {
    session: userSession,
    route: '/profile',
    mockApi: { 'GET /api/auth/verify': { ...ok({ user: userSession.user }), delayMs: 100 } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Проверка авторизации...')).toBeInTheDocument();
    await expect(await canvas.findByText('Закрытый раздел для участников', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

export const SignedIn: Story = {
  parameters: { session: userSession, route: '/' },
  play: async () => {
    await expect(await screen.findByText('Закрытый раздел для участников', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { AccessGuard, GuardChecking, WelcomePrompt } from '../../../../web/src/features/auth/components/AccessGuard';
import { userSession } from '../../../support/fixtures';

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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Добро пожаловать!' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('link', { name: 'Войти через ВКонтакте' })).toHaveAttribute('href', '/vk-auth');
  },
};

export const GuestAfterCheck: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Проверка авторизации...')).toBeInTheDocument();
    await expect(await canvas.findByRole('heading', { name: 'Добро пожаловать!' }, { timeout: 2000 })).toBeInTheDocument();
    await expect(canvas.queryByText('Закрытый раздел для участников')).not.toBeInTheDocument();
  },
};

export const SignedIn: Story = {
  parameters: { session: userSession, route: '/' },
  play: async () => {
    await expect(await screen.findByText('Закрытый раздел для участников', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

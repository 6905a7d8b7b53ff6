import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import VkCallbackPage from '../../../../web/src/features/auth/components/VkCallbackPage';
import { pageAtRoute } from '../../../support/page-at-route';
import { fail, makeUser, ok } from '../../../support/fixtures';

const CALLBACK = 'POST /api/auth/vk/callback';
const RETURNED = '/auth/vk/callback?code=vk-code&state=vk-state&device_id=vk-device&type=code_v2';

const meta = {
  title: 'features/auth/components/VkCallbackPage',
  component: pageAtRoute('/auth/vk/callback', VkCallbackPage),
  parameters: { route: RETURNED, mockApi: { [CALLBACK]: ok({ token: 'jwt', user: makeUser(), outcome: 'created' }) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [CALLBACK]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Завершаем вход через ВКонтакте...');
  },
};

export const Created: Story = {
  play: async () => {
    await expect(await screen.findByText('Аккаунт создан, вы вошли через ВКонтакте')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  },
};

export const SignedIn: Story = {
  parameters: { mockApi: { [CALLBACK]: ok({ token: 'jwt', user: makeUser(), outcome: 'signed-in' }) } },
  play: async () => {
    await expect(await screen.findByText('Вы вошли через ВКонтакте')).toBeInTheDocument();
  },
};

export const Linked: Story = {
  parameters: { mockApi: { [CALLBACK]: ok({ token: 'jwt', user: makeUser(), outcome: 'linked' }) } },
  play: async () => {
    await expect(await screen.findByText('ВКонтакте привязан к вашему аккаунту')).toBeInTheDocument();
  },
};

export const StateRefused: Story = {
  parameters: {
    mockApi: { [CALLBACK]: fail(403, ErrorCode.Forbidden, 'Ссылка входа устарела или уже использована. Начните вход заново') },
  },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка входа устарела или уже использована');
    await expect(screen.getByRole('link', { name: 'Начать заново' })).toHaveAttribute('href', '/vk-auth');
  },
};

export const MissingParameters: Story = {
  parameters: { route: '/auth/vk/callback' },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('ВКонтакте не вернул данные входа');
  },
};

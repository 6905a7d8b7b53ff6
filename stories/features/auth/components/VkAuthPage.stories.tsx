import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import VkAuthPage from '../../../../web/src/features/auth/components/VkAuthPage';
import { pageAtRoute } from '../../../support/page-at-route';
import { ok } from '../../../support/fixtures';

const meta = {
  title: 'features/auth/components/VkAuthPage',
  component: pageAtRoute('/vk-auth', VkAuthPage),
  parameters: { route: '/vk-auth', mockApi: { 'GET /api/auth/providers': ok({ vk: true, telegram: false }) } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = {
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Продолжить через ВКонтакте' })).toHaveAttribute('href', '/api/auth/vk');
  },
};

export const Off: Story = {
  parameters: { mockApi: { 'GET /api/auth/providers': ok({ vk: false, telegram: false }) } },
  play: async () => {
    await expect(await screen.findByText('Вход через ВКонтакте на этом портале не настроен.')).toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: 'Продолжить через ВКонтакте' })).not.toBeInTheDocument();
  },
};

export const StartFailed: Story = {
  parameters: { route: '/vk-auth?error=failed' },
  play: async () => {
    await expect(await screen.findByText('Не удалось начать вход через ВКонтакте. Попробуйте ещё раз.')).toBeInTheDocument();
    await expect(await screen.findByRole('link', { name: 'Продолжить через ВКонтакте' })).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, within } from 'storybook/test';
import { ErrorCode } from '@portal/contracts';
import { AchievementsList } from '../../../../web/src/features/rewards/components/AchievementsList';
import { ACHIEVEMENTS } from '../../../../web/src/features/rewards/testing/reward-fixtures';
import { fail, makeUser, ok } from '../../../support/fixtures';

const meta = {
  title: 'features/rewards/components/AchievementsList',
  component: AchievementsList,
  args: { owner: null, own: true },
  parameters: { session: { token: 'story-token', user: makeUser() }, mockApi: { 'GET /api/users/me/achievements': ok(ACHIEVEMENTS) } },
} satisfies Meta<typeof AchievementsList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first, each with the date it was earned. */
export const List: Story = {
  play: async () => {
    const items = within(await screen.findByRole('list', { name: 'Достижения' })).getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Неделя без перерыва');
    await expect(items[0]).toHaveTextContent(/Получено 2[45] ноября 2026/);
    await expect(items[1]).toHaveTextContent('Первая рецензия');
  },
};

/** Another user's, from their public address. */
export const OtherUser: Story = {
  args: { owner: 'hinata', own: false },
  parameters: { mockApi: { 'GET /api/users/profile/hinata/achievements': ok([]) } },
  play: async () => {
    await expect(await screen.findByText('У пользователя пока нет достижений.')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/users/me/achievements': ok([]) } },
  play: async () => {
    await expect(await screen.findByText(/Достижений пока нет/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/users/me/achievements': { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загружаем достижения...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/users/me/achievements': fail(503, ErrorCode.ServiceUnavailable, 'Сервис наград недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить достижения')).toBeInTheDocument();
  },
};

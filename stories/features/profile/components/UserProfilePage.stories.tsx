import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import UserProfilePage from '../../../../web/src/features/profile/components/UserProfilePage';
import { fail, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { PENDING, listServer, publicUser, sampleList } from '../profile-story-helpers';

const UserRoute = pageAtRoute('/user/:username', UserProfilePage);

const meta = {
  title: 'features/profile/components/UserProfilePage',
  component: UserRoute,
  parameters: {
    route: '/user/hinata',
    session: userSession,
    mockApi: { 'GET /api/users/profile/hinata': ok(publicUser()), 'GET /api/users/profile/hinata/anime': listServer(sampleList) },
  },
} satisfies Meta<typeof UserRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Someone else's profile, from the public endpoints: their lists and counts, no settings. */
export const PublicProfile: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Хината' })).toBeInTheDocument();
    await expect(screen.getByText('Ранг: сэнпай')).toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: 'Настройки' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Смотрю 2' })).toBeInTheDocument());
    const list = await screen.findByRole('list', { name: 'Аниме: Смотрю' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

export const EmptyPublicList: Story = {
  parameters: { mockApi: { 'GET /api/users/profile/hinata': ok(publicUser()), 'GET /api/users/profile/hinata/anime': listServer([]) } },
  play: async () => {
    await expect(await screen.findByText('В этом списке пока пусто.')).toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: 'Импорт списка' })).not.toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: { route: '/user/nobody', mockApi: { 'GET /api/users/profile/nobody': fail(404, ErrorCode.NotFound, 'Пользователь не найден') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Пользователь не найден' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/users/profile/hinata': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем профиль...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { 'GET /api/users/profile/hinata': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить профиль' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

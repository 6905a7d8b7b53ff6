import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import UserProfilePage from '../../../../web/src/features/profile/components/UserProfilePage';
import { fail, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { PENDING, PROFILE_SLOTS, communityServer, listServer, profileComment, profileReview, publicUser, reviewId, sampleList } from '../profile-story-helpers';

const UserRoute = pageAtRoute('/user/:username', UserProfilePage);
/** As the app routes it: with the community tabs. */
const UserRouteWithTabs = pageAtRoute('/user/:username', () => <UserProfilePage slots={PROFILE_SLOTS} />);

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

const hinata = { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'сэнпай' };
const hinataActivity = {
  reviews: [profileReview(1535, { id: reviewId(601), author: hinata, title: 'Лучший детектив' })],
  comments: [
    profileComment(20, { id: 'c-h2', author: hinata, content: null, spoiler: { episode: 2, at: 300, hidden: true } }),
    profileComment(1535, { id: 'c-h1', author: hinata, content: 'Пересматриваю уже третий раз' }),
  ],
};
const publicWithCommunity = {
  'GET /api/users/profile/hinata': ok(publicUser()),
  'GET /api/users/profile/hinata/anime': listServer(sampleList),
  ...communityServer('hinata', hinataActivity),
};

/** Someone else's reviews at ?tab=reviews: the approved ones, no status badges. */
export const PublicReviews: Story = {
  render: () => <UserRouteWithTabs />,
  parameters: { route: '/user/hinata?tab=reviews', mockApi: publicWithCommunity },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Рецензии 1' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Рецензии пользователя' });
    await expect(within(list).getByRole('link', { name: 'Лучший детектив' })).toHaveAttribute('href', `/anime/1535/review/${reviewId(601)}`);
    await expect(screen.queryByText('На модерации')).not.toBeInTheDocument();
  },
};

/** Switching to «Комментарии»: a spoiler the viewer has not reached shows its label only. */
export const PublicComments: Story = {
  render: () => <UserRouteWithTabs />,
  parameters: { mockApi: publicWithCommunity },
  play: async () => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Комментарии 2' }));
    const list = await screen.findByRole('list', { name: 'Комментарии пользователя' });
    const [spoiler, plain] = within(list).getAllByRole('article');
    await expect(within(spoiler!).getByText('Спойлер к серии 2, 05:00')).toBeInTheDocument();
    await expect(within(plain!).getByText('Пересматриваю уже третий раз')).toBeInTheDocument();
  },
};

/** Nothing written yet: zero counts and the empty state for someone else's profile. */
export const PublicEmptyCommunity: Story = {
  render: () => <UserRouteWithTabs />,
  parameters: {
    route: '/user/hinata?tab=comments',
    mockApi: { ...publicWithCommunity, ...communityServer('hinata', { reviews: [], comments: [] }) },
  },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Рецензии 0' })).toBeInTheDocument();
    await expect(await screen.findByText('Пользователь ещё не оставлял комментариев.')).toBeInTheDocument();
  },
};

/** The comments fail to load: the message and «Повторить», which asks again. */
export const CommentsLoadError: Story = {
  render: () => <UserRouteWithTabs />,
  parameters: {
    route: '/user/hinata?tab=comments',
    mockApi: {
      ...publicWithCommunity,
      'GET /api/users/profile/hinata/comments': [
        fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'),
        ok({ items: hinataActivity.comments, nextCursor: null }),
      ],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить комментарии' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByText('Пересматриваю уже третий раз')).toBeInTheDocument();
  },
};

import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ProfilePage from '../../../../web/src/features/profile/components/ProfilePage';
import { fail, makeUser } from '../../../support/fixtures';
import { PENDING, PROFILE_SLOTS, communityServer, entry, listServer, profileComment, profileReview, reviewId, sampleList } from '../profile-story-helpers';

const session = { token: 'story-token', user: makeUser({ username: 'sakura', displayName: 'Сакура', rank: 'новичок' }) };

const meta = {
  title: 'features/profile/components/ProfilePage',
  component: ProfilePage,
  parameters: { route: '/profile', session, mockApi: { 'GET /api/users/anime': listServer(sampleList) } },
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const tab = (name: RegExp) => screen.findByRole('tab', { name });
const rows = async (name: string) => within(await screen.findByRole('list', { name: `Аниме: ${name}` })).getAllByRole('listitem');

/** Header, one tab per status with its count, "Смотрю" open: poster, title, N/M, rating. */
export const OwnLists: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Сакура' })).toBeInTheDocument();
    await expect(screen.getByText('@sakura')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Настройки' })).toHaveAttribute('href', '/settings');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Смотрю 2' })).toHaveAttribute('aria-selected', 'true'));
    for (const name of ['Запланировано 1', 'Просмотрено 2', 'Отложено 0', 'Брошено 0', 'Пересматриваю 0', 'Оценки']) {
      await expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    const watching = await rows('Смотрю');
    await expect(watching).toHaveLength(2);
    const naruto = within(watching[0]!);
    await expect(naruto.getByRole('link', { name: 'Наруто' })).toHaveAttribute('href', '/anime/20');
    await expect(naruto.getByLabelText('Просмотрено серий: 12 из 220')).toHaveTextContent('12/220');
    await expect(naruto.getByText('Оценка: 8 из 10')).toBeInTheDocument();
    // Episodes unknown: N/?, no rating.
    await expect(within(watching[1]!).getByText('5/?')).toBeInTheDocument();
    await expect(within(watching[1]!).getByText('Без оценки')).toBeInTheDocument();
  },
};

/** Another tab: its own entries (the tab is kept in the URL). */
export const CompletedTab: Story = {
  play: async () => {
    await userEvent.click(await tab(/^Просмотрено/));
    const completed = await rows('Просмотрено');
    await expect(completed.map((row) => within(row).getByRole('link').textContent)).toEqual(['Тетрадь смерти', 'Стальной алхимик: Братство']);
    await expect(within(completed[0]!).getByText('37/37')).toBeInTheDocument();
  },
};

/** Opened at ?tab=ratings: rated titles, best first. */
export const Ratings: Story = {
  parameters: { route: '/profile?tab=ratings' },
  play: async () => {
    await expect(await tab(/^Оценки/)).toHaveAttribute('aria-selected', 'true');
    const rated = await rows('Оценки');
    await expect(rated.map((row) => within(row).getByText(/^Оценка:/).textContent)).toEqual(['Оценка: 10 из 10', 'Оценка: 9 из 10', 'Оценка: 8 из 10']);
  },
};

/** ?tab=cards without the app's rewards slots (features/rewards/ProfileRewardsTabs has them): the default tab opens. */
export const CardsTabNotYet: Story = {
  parameters: { route: '/profile?tab=cards' },
  play: async () => {
    await expect(await tab(/^Смотрю/)).toHaveAttribute('aria-selected', 'true');
    await expect(screen.queryByRole('tab', { name: /Карточки/ })).not.toBeInTheDocument();
  },
};

/** A new viewer: zero everywhere, and ways to fill the list. */
export const Empty: Story = {
  parameters: { mockApi: { 'GET /api/users/anime': listServer([]) } },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Смотрю 0' })).toBeInTheDocument();
    await expect(await screen.findByText(/Здесь пока пусто/)).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
    await expect(screen.getByRole('link', { name: 'Импорт списка' })).toHaveAttribute('href', '/settings');
  },
};

export const EmptyRatings: Story = {
  parameters: { route: '/profile?tab=ratings', mockApi: { 'GET /api/users/anime': listServer([entry(20, 'watching', 1, 220)]) } },
  play: async () => {
    await expect(await screen.findByText('Вы ещё ничего не оценили. Оценку можно поставить на странице аниме.')).toBeInTheDocument();
  },
};

export const ListLoading: Story = {
  parameters: { mockApi: { 'GET /api/users/anime': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем список...')).toBeInTheDocument();
    await expect(screen.getByRole('tab', { name: 'Смотрю …' })).toBeInTheDocument();
  },
};

export const ListError: Story = {
  parameters: { mockApi: { 'GET /api/users/anime': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить список' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** More than a page: "Показать ещё" loads the next one. */
export const ManyPages: Story = {
  parameters: {
    mockApi: { 'GET /api/users/anime': listServer(Array.from({ length: 60 }, (_, index) => entry(1000 + index, 'watching', 1, 12))) },
  },
  play: async () => {
    await expect(await rows('Смотрю')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(async () => expect(await rows('Смотрю')).toHaveLength(60));
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

/** An animated avatar (GIF, an image that moves) and a WebM banner (a muted looping video). */
export const AnimatedMedia: Story = {
  parameters: {
    session: {
      token: 'story-token',
      user: makeUser({ avatar: 'u-1-a.gif', isAnimatedAvatar: true, profileBanner: 'u-1-b.webm', isAnimatedBanner: true }),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await screen.findByRole('img', { name: 'Аватар: Сакура' })).toHaveAttribute('src', expect.stringMatching(/avatars\/u-1-a\.gif$/));
    const banner = canvasElement.ownerDocument.querySelector<HTMLVideoElement>('video[aria-label="Баннер профиля: Сакура"]');
    await expect(banner).not.toBeNull();
    await expect(banner!.muted && banner!.loop && banner!.autoplay).toBe(true);
  },
};

const me = { id: 'u-1', username: 'sakura', displayName: 'Сакура', avatar: null, rank: 'новичок' };
/** Sakura's own reviews (one still pending, one rejected) and comments, as the server answers their author. */
const ownActivity = {
  reviews: [
    profileReview(16498, { id: reviewId(501), author: me, mine: true, status: 'pending', title: 'Пишу про титанов' }),
    profileReview(21, { id: reviewId(502), author: me, mine: true, status: 'rejected', rejectionReason: 'Спойлеры без тега', title: 'Про пиратов' }),
    profileReview(20, { id: reviewId(503), author: me, mine: true, title: 'Даттебайо' }),
  ],
  comments: [profileComment(1535, { id: 'c-own', author: me, content: 'L гений' })],
};
const withCommunity = { 'GET /api/users/anime': listServer(sampleList), ...communityServer('sakura', ownActivity) };

/** With the app's community tabs: «Рецензии» and «Комментарии» after the lists, each with its count before it is opened. */
export const CommunityTabs: Story = {
  args: { slots: PROFILE_SLOTS },
  parameters: { mockApi: withCommunity },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Рецензии 3' })).toHaveAttribute('aria-selected', 'false');
    await expect(screen.getByRole('tab', { name: 'Комментарии 1' })).toBeInTheDocument();
    const names = screen.getAllByRole('tab').map((tab) => tab.textContent);
    await expect(names.slice(-3)).toEqual(['Оценки', 'Рецензии 3', 'Комментарии 1']);
  },
};

/** One's own reviews tab: pending and rejected reviews carry their status. */
export const OwnPendingReview: Story = {
  args: { slots: PROFILE_SLOTS },
  parameters: { mockApi: withCommunity },
  play: async () => {
    await userEvent.click(await tab(/^Рецензии/));
    const list = await screen.findByRole('list', { name: 'Рецензии пользователя' });
    const [pending, rejected, approved] = within(list).getAllByRole('article');
    await expect(within(pending!).getByText('На модерации')).toBeInTheDocument();
    await expect(within(rejected!).getByText('Отклонена: Спойлеры без тега')).toBeInTheDocument();
    await expect(within(approved!).queryByText(/На модерации|Отклонена/)).not.toBeInTheDocument();
  },
};

/** Opened at ?tab=comments: the comments, each linking to itself on its title's page. */
export const CommentsTab: Story = {
  args: { slots: PROFILE_SLOTS },
  parameters: { route: '/profile?tab=comments', mockApi: withCommunity },
  play: async () => {
    await expect(await tab(/^Комментарии/)).toHaveAttribute('aria-selected', 'true');
    await expect(await screen.findByRole('link', { name: 'Тетрадь смерти' })).toHaveAttribute('href', '/anime/1535#comment-c-own');
    await expect(screen.getByText('L гений')).toBeInTheDocument();
  },
};

/** While the counts load, the community tabs show «…». */
export const CommunityCountsLoading: Story = {
  args: { slots: PROFILE_SLOTS },
  parameters: { mockApi: { ...withCommunity, 'GET /api/users/profile/sakura/community-counts': PENDING } },
  play: async () => {
    await expect(await screen.findByRole('tab', { name: 'Рецензии …' })).toBeInTheDocument();
    await expect(screen.getByRole('tab', { name: 'Комментарии …' })).toBeInTheDocument();
  },
};

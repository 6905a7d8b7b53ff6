import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import RankingsPage from '../../../../web/src/features/rankings/components/RankingsPage';
import {
  emptyUserRankings,
  rankLadder,
  rankingEntry,
  titleRankings,
  topEntries,
  userRankings,
} from '../../../../web/src/features/rankings/testing/rankings-fixtures';
import { fail, ok, userSession } from '../../../support/fixtures';

const USERS = 'GET /api/users/rankings';
const TITLES = 'GET /api/rankings/titles';
const RANKS = 'GET /api/ranks';
const me = userSession.user;
const board = (name: string) => screen.findByRole('list', { name: `Рейтинг: ${name}` });
const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

const meta = {
  title: 'features/rankings/components/RankingsPage',
  component: RankingsPage,
  parameters: { route: '/rankings', session: userSession, mockApi: { [USERS]: ok(userRankings()), [TITLES]: ok(titleRankings()), [RANKS]: ok(rankLadder()) } },
} satisfies Meta<typeof RankingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [USERS]: { hang: true }, [TITLES]: { hang: true } } },
  play: async () => {
    await expect((await screen.findAllByText('Загрузка рейтинга...')).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [USERS]: ok(emptyUserRankings()), [TITLES]: ok(titleRankings({ topRated: [], mostWatched: [] })) } },
  play: async () => {
    await expect(await screen.findByText('Здесь пока никого нет.')).toBeInTheDocument();
    await expect(screen.getByText('Вас пока нет в этом рейтинге — начните, и вы появитесь здесь.')).toBeInTheDocument();
    await expect(await screen.findByText('Пока ни у одного тайтла нет достаточно оценок.')).toBeInTheDocument();
    await expect(screen.getByText('На этой неделе ещё ничего не смотрели.')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: {
    mockApi: {
      [USERS]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'),
      [TITLES]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'),
    },
  },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить рейтинг')).toBeInTheDocument();
    await expect(await screen.findByText('Не удалось загрузить рейтинг тайтлов')).toBeInTheDocument();
    await expect(screen.getAllByRole('button', { name: 'Повторить' })).toHaveLength(2);
  },
};

/** The four tabs, a board with shared places, the viewer's own row highlighted in it, and both title lists. */
export const Filled: Story = {
  parameters: {
    mockApi: {
      [USERS]: ok(userRankings({ byAnime: [...topEntries(3), rankingEntry(4, me.username, 90)] }, { byAnime: rankingEntry(4, me.username, 90) })),
    },
  },
  play: async () => {
    await expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Аниме', 'Комментарии', 'Квизы', 'Оценки']);
    const list = await board('Аниме');
    const rows = within(list).getAllByRole('listitem');
    await expect(rows.map((row) => within(row).getByLabelText(/место$/).textContent)).toEqual(['1', '2', '2', '4']);
    await expect(rows[3]).toHaveAttribute('aria-current', 'true');
    await expect(within(rows[3]).getByText('· Вы')).toBeInTheDocument();
    await expect(within(rows[0]).getByText('120 тайтлов просмотрено')).toBeInTheDocument();
    await expect(screen.queryByRole('heading', { name: 'Ваше место' })).not.toBeInTheDocument();
    const topRated = await screen.findByRole('list', { name: 'Лучшие по оценкам' });
    await expect(rowNames(topRated)).toEqual(['Стальной алхимик: Братство', 'Тетрадь смерти']);
    await expect(within(topRated).getByText('9,4 · 31 оценка')).toBeInTheDocument();
    const watched = screen.getByRole('list', { name: 'Популярное за неделю' });
    await expect(within(watched).getByText('214 зрителей')).toBeInTheDocument();
    await expect(within(watched).getByRole('link', { name: 'Атака титанов' })).toHaveAttribute('href', '/anime/16498');
    // The ladder, the viewer's rank marked.
    const ladder = await screen.findByRole('list', { name: 'Звания', hidden: true });
    const ranks = within(ladder).getAllByRole('listitem', { hidden: true });
    await expect(ranks.length).toBeGreaterThanOrEqual(8);
    await expect(ranks[0]).toHaveAttribute('aria-current', 'true');
    await expect(within(ranks[5]).getByText('сэнпай')).toBeInTheDocument();
    await expect(within(ranks[5]).getByText('от 3 000 очков опыта')).toBeInTheDocument();
  },
};

/** The viewer is below the top 100: their place is pinned under the list. */
export const OwnPlaceOutsideTop: Story = {
  parameters: { mockApi: { [USERS]: ok(userRankings({ byAnime: topEntries(100) }, { byAnime: rankingEntry(1543, me.username, 2) })) } },
  play: async () => {
    const list = await board('Аниме');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    await expect(within(list).queryByText('· Вы')).not.toBeInTheDocument();
    const pinned = screen.getByRole('list', { name: 'Ваше место' });
    await expect(within(pinned).getByLabelText('1543 место')).toBeInTheDocument();
    await expect(within(pinned).getByText('2 тайтла просмотрено')).toBeInTheDocument();
  },
};

/** A guest sees every board and a sign-in link instead of an own place. */
export const Guest: Story = {
  parameters: { session: null },
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Войдите, чтобы увидеть своё место в рейтинге' })).toHaveAttribute('href', '/login');
    await board('Аниме');
    await expect(screen.queryByText(/Вас пока нет/)).not.toBeInTheDocument();
    await expect(screen.queryByRole('heading', { name: 'Ваше место' })).not.toBeInTheDocument();
  },
};

/** Arrow keys move between the tabs (activation follows focus) and the tab is kept in the address. */
export const KeyboardTabs: Story = {
  parameters: { mockApi: { [USERS]: ok(userRankings({ byComments: [rankingEntry(1, 'chatty', 340)] }, { byComments: rankingEntry(77, me.username, 3) })) } },
  play: async () => {
    await board('Аниме');
    const first = screen.getByRole('tab', { name: 'Аниме' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const comments = screen.getByRole('tab', { name: 'Комментарии' });
    await waitFor(() => expect(comments).toHaveAttribute('aria-selected', 'true'));
    await expect(comments).toHaveFocus();
    const list = await board('Комментарии');
    await expect(within(list).getByText('340 комментариев')).toBeInTheDocument();
    await expect(within(screen.getByRole('list', { name: 'Ваше место' })).getByLabelText('77 место')).toBeInTheDocument();
  },
};

import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import TvHomePage from '../../../../web/src/features/tv/components/TvHomePage';
import { fail, ok, userSession } from '../../../support/fixtures';
import { PENDING, animeList, animeRef, continueItem, listEntry, tvAt } from '../tv-story-helpers';

const TvHome = tvAt('/tv', TvHomePage);

const rowsApi = {
  'GET /api/progress/continue': ok([continueItem(20, 3, 754)]),
  'GET /api/users/anime': ok({ items: [listEntry('watching', { animeId: 21, anime: animeRef(21) })], page: 1, limit: 20, total: 1 }),
  'GET /api/anime/popular': ok(animeList(6)),
  'GET /api/anime/top': ok(animeList(4, 30)),
};

const meta = {
  title: 'features/tv/components/TvHomePage',
  component: TvHome,
  parameters: { route: '/tv', session: userSession, mockApi: rowsApi },
} satisfies Meta<typeof TvHome>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (name: string) => screen.findByRole('list', { name });

/** Four rows; the first card has the focus at once (no pointer needed). */
export const Rows: Story = {
  play: async () => {
    const continueRow = await row('Продолжить просмотр');
    const resume = within(continueRow).getByRole('link', { name: 'Наруто: серия 3, с 12:34' });
    await expect(resume).toHaveAttribute('href', '/tv/watch/20/3');
    await waitFor(() => expect(resume).toHaveFocus());
    await expect(within(await row('Смотрю')).getByRole('link', { name: 'Ван-Пис' })).toHaveAttribute('href', '/tv/anime/21');
    await expect(within(await row('Популярное')).getAllByRole('link')).toHaveLength(6);
    await expect(within(await row('Лучшее')).getAllByRole('link')).toHaveLength(4);
  },
};

/** Arrows move the focus (by layout in a browser; in order where there is none), Enter opens the title. */
export const ArrowsAndEnter: Story = {
  play: async () => {
    const continueRow = await row('Продолжить просмотр');
    await waitFor(() => expect(within(continueRow).getByRole('link')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(await row('Смотрю')).getByRole('link')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const firstPopular = within(await row('Популярное')).getAllByRole('link')[0]!;
    await expect(firstPopular).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent('/tv/anime/:id');
  },
};

/** Back (Escape, or a remote's GoBack) leaves the TV mode for the site. */
export const BackLeaves: Story = {
  play: async () => {
    await row('Популярное');
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent(/^\/$/);
  },
};

/** A new viewer: no personal rows (empty rows are hidden), the catalogue rows still there. */
export const NewViewer: Story = {
  parameters: {
    mockApi: { ...rowsApi, 'GET /api/progress/continue': ok([]), 'GET /api/users/anime': ok({ items: [], page: 1, limit: 20, total: 0 }) },
  },
  play: async () => {
    const popular = await row('Популярное');
    await expect(screen.queryByRole('list', { name: 'Продолжить просмотр' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('list', { name: 'Смотрю' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(popular).getAllByRole('link')[0]).toHaveFocus());
  },
};

/** A failing personal row is hidden rather than put an error on the screen. */
export const PersonalRowFails: Story = {
  parameters: { mockApi: { ...rowsApi, 'GET /api/progress/continue': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await row('Популярное');
    await expect(screen.queryByRole('list', { name: 'Продолжить просмотр' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { ...rowsApi, 'GET /api/anime/popular': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем...')).toBeInTheDocument();
  },
};

/** The catalogue rows cannot load: the error with a focused "Повторить". */
export const LoadError: Story = {
  parameters: {
    mockApi: {
      ...rowsApi,
      'GET /api/anime/popular': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'),
      'GET /api/anime/top': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'),
    },
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Не удалось загрузить' })).toBeInTheDocument();
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Повторить' })).toHaveFocus());
  },
};

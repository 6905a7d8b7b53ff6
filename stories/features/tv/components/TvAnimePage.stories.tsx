import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import TvAnimePage from '../../../../web/src/features/tv/components/TvAnimePage';
import { fail, ok, userSession } from '../../../support/fixtures';
import { EPISODE_SECONDS, animeEpisodes, progressPoint } from '../../player/player-story-helpers';
import { PENDING, animeDetails, tvAt } from '../tv-story-helpers';

const TvAnime = tvAt('/tv/anime/:id', TvAnimePage);

const api = {
  'GET /api/anime/20': ok(animeDetails({ id: 20, _id: 20, title: 'Наруто', year: 2002, episodes: 220, description: 'Юный ниндзя мечтает стать хокаге.' })),
  'GET /api/anime/20/episodes': ok(animeEpisodes(3)),
  'GET /api/progress': ok(null),
};

const meta = {
  title: 'features/tv/components/TvAnimePage',
  component: TvAnime,
  parameters: { route: '/tv/anime/20', session: userSession, mockApi: api },
} satisfies Meta<typeof TvAnime>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Poster, title, description, episodes; "Смотреть" has the focus and Enter starts episode 1. */
export const Details: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Наруто' })).toBeInTheDocument();
    await expect(screen.getByText('2002 · 220 серий')).toBeInTheDocument();
    await expect(screen.getByText('Юный ниндзя мечтает стать хокаге.')).toBeInTheDocument();
    await expect(within(screen.getByRole('list', { name: 'Серии' })).getAllByRole('link')).toHaveLength(3);
    const watch = screen.getByRole('link', { name: 'Смотреть' });
    await waitFor(() => expect(watch).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent('/tv/watch/:id/:episode');
  },
};

/** A saved point: "Продолжить: серия 2, 3:20" leads to that episode. */
export const ContinueWatching: Story = {
  parameters: { mockApi: { ...api, 'GET /api/progress': ok(progressPoint(2, 200)) } },
  play: async () => {
    const resume = await screen.findByRole('link', { name: 'Продолжить: серия 2, 3:20' });
    await expect(resume).toHaveAttribute('href', '/tv/watch/20/2');
    await waitFor(() => expect(resume).toHaveFocus());
  },
};

/**
 * A point within the last 15 s of episode 2 (it was finished): the player starts it over, so the button
 * says "Смотреть" and leads to episode 2, not "Продолжить: серия 2, 23:35".
 */
export const ContinueNearTheEnd: Story = {
  parameters: { mockApi: { ...api, 'GET /api/progress': ok(progressPoint(2, EPISODE_SECONDS - 5)) } },
  play: async () => {
    const watch = await screen.findByRole('link', { name: 'Смотреть' });
    await expect(watch).toHaveAttribute('href', '/tv/watch/20/2');
    await expect(screen.queryByRole('link', { name: /^Продолжить/ })).not.toBeInTheDocument();
    await waitFor(() => expect(watch).toHaveFocus());
  },
};

/** The same when the point has no duration: the episode's own length decides, as in the player. */
export const ContinueNearTheEndWithoutDuration: Story = {
  parameters: { mockApi: { ...api, 'GET /api/progress': ok(progressPoint(2, EPISODE_SECONDS - 5, { duration: null })) } },
  play: async () => {
    const watch = await screen.findByRole('link', { name: 'Смотреть' });
    await expect(watch).toHaveAttribute('href', '/tv/watch/20/2');
    await expect(screen.queryByRole('link', { name: /^Продолжить/ })).not.toBeInTheDocument();
  },
};

/** A failed read of the point counts as none: "Смотреть" from episode 1. */
export const ProgressReadFails: Story = {
  parameters: { mockApi: { ...api, 'GET /api/progress': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера') } },
  play: async () => {
    const watch = await screen.findByRole('link', { name: 'Смотреть' });
    await expect(watch).toHaveAttribute('href', '/tv/watch/20/1');
  },
};

/** Down from the buttons into the episodes; Back returns to /tv. */
export const EpisodesAndBack: Story = {
  play: async () => {
    const watch = await screen.findByRole('link', { name: 'Смотреть' });
    await waitFor(() => expect(watch).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(screen.getByRole('button', { name: 'Назад' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('link', { name: 'Серия 1. Возвращение Узумаки Наруто' })).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent(/^\/tv$/);
  },
};

export const NoEpisodes: Story = {
  parameters: { mockApi: { ...api, 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }) } },
  play: async () => {
    await expect(await screen.findByText('Серии пока недоступны')).toBeInTheDocument();
    await expect(screen.queryByRole('link', { name: 'Смотреть' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Назад' })).toHaveFocus());
  },
};

export const NotFound: Story = {
  parameters: {
    route: '/tv/anime/999',
    mockApi: {
      'GET /api/anime/999': fail(404, ErrorCode.NotFound, 'Аниме не найдено'),
      'GET /api/anime/999/episodes': fail(404, ErrorCode.NotFound, 'Аниме не найдено'),
      'GET /api/progress': ok(null),
    },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Аниме не найдено' })).toBeInTheDocument();
    const back = screen.getByRole('button', { name: 'Назад' });
    await waitFor(() => expect(back).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent(/^\/tv$/);
  },
};

export const Loading: Story = {
  parameters: { mockApi: { ...api, 'GET /api/anime/20/episodes': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем...')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { ...api, 'GET /api/anime/20/episodes': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже') } },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Сервис временно недоступен, попробуйте позже');
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Повторить' })).toHaveFocus());
  },
};

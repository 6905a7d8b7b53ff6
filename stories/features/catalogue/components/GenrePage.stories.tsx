import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import GenrePage from '../../../../web/src/features/catalogue/components/GenrePage';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { fail, ok } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import { AT_375, GENRE_LIST, animeList, okPage } from '../catalogue-story-helpers';

const GenreRoute = pageAtRoute('/genre/:genre', GenrePage);

/** 30 action titles, 24 a page; sorted by score they come in reverse order. */
const genreServer = (total: number) => (request: MockRequest) => {
  const page = Number(request.query.get('page') ?? 1);
  const limit = Number(request.query.get('limit') ?? 24);
  const all = animeList(total);
  if (request.query.get('sort') === 'score') all.reverse();
  return okPage(all.slice((page - 1) * limit, page * limit), { page, limit, total });
};

const meta = {
  title: 'features/catalogue/components/GenrePage',
  component: GenreRoute,
  parameters: {
    route: '/genre/action',
    mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'GET /api/genre/action': genreServer(30) },
  },
} satisfies Meta<typeof GenreRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

const cards = () => screen.getAllByRole('link', { name: /^Открыть страницу аниме/ });

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Экшен' })).toBeInTheDocument();
    await expect(await screen.findByText('30 тайтлов')).toBeInTheDocument();
    await expect(cards()).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await expect(await screen.findByRole('link', { name: /Открыть страницу аниме «Ван-Пис 2»/ })).toBeInTheDocument();
    await expect(cards()).toHaveLength(30);
    await expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  },
};

export const SortedByScore: Story = {
  parameters: { route: '/genre/action?sort=score' },
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'Сортировка' })).toHaveValue('score');
    const [first] = await screen.findAllByRole('link', { name: /^Открыть страницу аниме/ });
    await expect(first).toHaveAccessibleName('Открыть страницу аниме «Шпион × Семья 2»');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'popularity');
    const [firstByPopularity] = await screen.findAllByRole('link', { name: 'Открыть страницу аниме «Стальной алхимик: Братство»' });
    await expect(firstByPopularity).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByText('30 тайтлов')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'GET /api/genre/action': { hang: true } } },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Экшен' })).toBeInTheDocument();
    await expect(screen.getByRole('status')).toHaveTextContent('Загружаем аниме...');
  },
};

export const Empty: Story = {
  parameters: {
    route: '/genre/romance',
    mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'GET /api/genre/romance': okPage([], { page: 1, limit: 24, total: 0 }) },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'В этом жанре пока нет аниме' })).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 1, name: 'Романтика' })).toBeInTheDocument();
    await expect(screen.getByText('0 тайтлов')).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  parameters: {
    route: '/genre/no-such-genre',
    mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'GET /api/genre/no-such-genre': fail(404, ErrorCode.NotFound, 'Жанр не найден') },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Жанр не найден' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
  },
};

export const LoadFailed: Story = {
  parameters: {
    mockApi: { 'GET /api/genres': ok(GENRE_LIST), 'GET /api/genre/action': { networkError: true } },
  },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Не удалось подключиться к серверу');
    await expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

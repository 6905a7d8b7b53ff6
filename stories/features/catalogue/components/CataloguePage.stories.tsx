import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import CataloguePage from '../../../../web/src/features/catalogue/components/CataloguePage';
import type { MockRequest, MockResponse } from '../../../../web/src/test/mock-api';
import { fail, ok } from '../../../support/fixtures';
import { AT_375, GENRE_LIST, PENDING, animeList, okPage, pagedAnime, searchHit, suggestion } from '../catalogue-story-helpers';

const baseApi = {
  'GET /api/genres': ok(GENRE_LIST),
  'GET /api/anime': pagedAnime(1234),
  'GET /api/anime/suggest': ok(animeList(5).map((anime) => suggestion(anime))),
  'GET /api/anime/search': ok(animeList(3, 2).map((anime) => searchHit(anime))),
};

const meta = {
  title: 'features/catalogue/components/CataloguePage',
  component: CataloguePage,
  parameters: { route: '/catalog', mockApi: baseApi },
} satisfies Meta<typeof CataloguePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = () => screen.findByRole('list', { name: 'Каталог аниме' });

export const Default: Story = {
  play: async () => {
    await expect(await screen.findByText('Найдено 1 234 аниме')).toBeInTheDocument();
    await expect(within(await grid()).getAllByRole('listitem')).toHaveLength(24);
    await expect(screen.getByRole('combobox', { name: 'Поиск аниме' })).toBeInTheDocument();
    await expect(screen.getByLabelText('Сортировка')).toHaveValue('popularity');
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await expect(await screen.findByText('Найдено 1 234 аниме')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Фильтры' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** A shared link: the filters come from the query string. */
export const FiltersFromLink: Story = {
  parameters: { route: '/catalog?genre=drama&kind=movie&status=completed&season=fall&yearFrom=2000&yearTo=2010&scoreMin=8&sort=score' },
  play: async () => {
    await expect(await screen.findByText('Найдено 1 234 аниме')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Жанр')).toHaveValue('drama'));
    await expect(screen.getByLabelText('Тип')).toHaveValue('movie');
    await expect(screen.getByLabelText('Статус')).toHaveValue('completed');
    await expect(screen.getByLabelText('Сезон')).toHaveValue('fall');
    await expect(screen.getByLabelText('Год от')).toHaveValue(2000);
    await expect(screen.getByLabelText('Год до')).toHaveValue(2010);
    await expect(screen.getByLabelText('Оценка от')).toHaveValue(8);
    await expect(screen.getByLabelText('Сортировка')).toHaveValue('score');
  },
};

/** A sort the API refuses answers 400, so a story passes only when the page sends the expected one. */
const onlySort = (sort: string, answer: (request: MockRequest) => MockResponse) => (request: MockRequest) =>
  request.query.get('sort') === sort
    ? answer(request)
    : fail(400, ErrorCode.ValidationFailed, 'Сортировка должна быть одной из: popularity, score, new, year, title');

/** The footer's «Новинки» (?sort=new): premieres that have started, newest first. */
export const NewReleases: Story = {
  parameters: { route: '/catalog?sort=new', mockApi: { 'GET /api/anime': onlySort('new', () => okPage(animeList(3, 20), { page: 1, limit: 24, total: 3 })) } },
  play: async () => {
    await expect(await screen.findByText('Найдено 3 аниме')).toBeInTheDocument();
    await expect(screen.getByLabelText('Сортировка')).toHaveValue('new');
    await expect(screen.getByRole('option', { name: 'Новинки', selected: true })).toBeInTheDocument();
  },
};

/** An old or mistyped link (?sort=top) falls back to the default sort instead of failing. */
export const UnknownSortFallsBack: Story = {
  parameters: { route: '/catalog?sort=top', mockApi: { 'GET /api/anime': onlySort('popularity', pagedAnime(1234)) } },
  play: async () => {
    await expect(await screen.findByText('Найдено 1 234 аниме')).toBeInTheDocument();
    await expect(screen.getByLabelText('Сортировка')).toHaveValue('popularity');
  },
};

export const ShowMore: Story = {
  parameters: { mockApi: { 'GET /api/anime': pagedAnime(30) } },
  play: async () => {
    const list = await grid();
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    await expect(screen.getByText('Это все аниме по вашему запросу')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { 'GET /api/anime': PENDING, 'GET /api/genres': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем каталог...')).toBeInTheDocument();
    await expect(screen.getByLabelText('Жанр')).toHaveTextContent('Загрузка жанров...');
  },
};

export const Empty: Story = {
  parameters: { route: '/catalog?genre=romance&kind=music', mockApi: { 'GET /api/anime': okPage([], { page: 1, limit: 24, total: 0 }) } },
  play: async () => {
    const heading = await screen.findByRole('heading', { name: 'Ничего не найдено' });
    await expect(screen.getByText('Найдено 0 аниме')).toBeInTheDocument();
    await expect(within(heading.closest('section')!).getByRole('button', { name: 'Сбросить фильтры' })).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  parameters: {
    mockApi: { 'GET /api/anime': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), pagedAnime(5)] },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить каталог' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен, попробуйте позже')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await expect(await screen.findByText('Найдено 5 аниме')).toBeInTheDocument();
  },
};

export const SearchResults: Story = {
  parameters: { route: '/catalog?q=%D1%82%D0%B8%D1%82%D0%B0%D0%BD' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Результаты поиска: «титан»' })).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Результаты поиска: «титан»' });
    await expect(within(results).getAllByRole('link')).toHaveLength(3);
    await expect(screen.getByRole('combobox', { name: 'Поиск аниме' })).toHaveValue('титан');
  },
};

export const SearchNothingFound: Story = {
  parameters: { route: '/catalog?q=qwerty', mockApi: { 'GET /api/anime/search': ok([]) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'По вашему запросу ничего не найдено' })).toBeInTheDocument();
  },
};

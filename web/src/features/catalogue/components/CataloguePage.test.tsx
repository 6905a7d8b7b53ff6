import { ErrorCode } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { GENRE_LIST, animeList, okPage, pagedAnime, searchHit } from '../testing/catalogue-fixtures';
import CataloguePage from './CataloguePage';

/** A controllable IntersectionObserver: jsdom has none. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  target: Element | null = null;
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.target = target;
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
}

function scrollSentinelIntoView() {
  const observer = FakeIntersectionObserver.instances.filter((instance) => !instance.disconnected && instance.target).at(-1);
  expect(observer).toBeDefined();
  act(() => {
    observer!.callback([{ isIntersecting: true, target: observer!.target } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  });
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Назад
    </button>
  );
}

const mockApi = mockApiPerTest({ 'GET /api/genres': ok(GENRE_LIST) });

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;
const renderCatalogue = (route = '/catalog') =>
  renderWithApp(
    <>
      <CataloguePage />
      <BackButton />
    </>,
    { route, session: null },
  );

describe('CataloguePage filters', () => {
  it('reads the filters from the URL and sends them to /api/anime', async () => {
    const api = mockApi({ 'GET /api/anime': pagedAnime(50) });
    renderCatalogue('/catalog?genre=drama&kind=tv&yearFrom=2005&scoreMin=7.5&sort=score&bogus=1&status=nope');
    expect(await screen.findByText('Найдено 50 аниме')).toBeInTheDocument();
    const query = api.callsTo('GET /api/anime')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({ genre: 'drama', kind: 'tv', yearFrom: '2005', scoreMin: '7.5', sort: 'score', limit: '24', page: '1' });
    expect(screen.getByLabelText('Тип')).toHaveValue('tv');
    expect(screen.getByLabelText('Сортировка')).toHaveValue('score');
    expect(screen.getByLabelText('Год от')).toHaveValue(2005);
    await waitFor(() => expect(screen.getByLabelText('Жанр')).toHaveValue('drama'));
  });

  it('writes every change to the URL, and Back restores the previous filters', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/anime': pagedAnime(30) });
    renderCatalogue();
    await screen.findByText('Найдено 30 аниме');

    await user.selectOptions(screen.getByLabelText('Тип'), 'movie');
    expect(location()).toBe('/catalog?kind=movie');
    await user.selectOptions(screen.getByLabelText('Статус'), 'ongoing');
    expect(location()).toBe('/catalog?kind=movie&status=ongoing');
    await user.selectOptions(screen.getByLabelText('Сортировка'), 'year');
    expect(location()).toBe('/catalog?kind=movie&status=ongoing&sort=year');

    // A typed filter is committed on Enter (or after typing stops), not on every key.
    await user.type(screen.getByLabelText('Год до'), '2010{Enter}');
    expect(location()).toBe('/catalog?kind=movie&status=ongoing&yearTo=2010&sort=year');
    await waitFor(() => expect(Object.fromEntries(api.calls.at(-1)!.query)).toMatchObject({ kind: 'movie', status: 'ongoing', yearTo: '2010', sort: 'year' }));

    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(location()).toBe('/catalog?kind=movie&status=ongoing&sort=year');
    expect(screen.getByLabelText('Год до')).toHaveValue(null);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByLabelText('Сортировка')).toHaveValue('popularity');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(location()).toBe('/catalog?kind=movie');
    expect(screen.getByLabelText('Статус')).toHaveValue('');
  });

  it('commits the text filter after typing stops', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/anime': pagedAnime(5) });
    renderCatalogue();
    await screen.findByText('Найдено 5 аниме');
    await user.type(screen.getByLabelText('Фильтр по названию'), 'титан');
    expect(location()).toBe('/catalog');
    await waitFor(() => expect(location()).toBe(`/catalog?text=${encodeURIComponent('титан')}`), { timeout: 2000 });
  });

  it('shows an empty state whose button resets the filters', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/anime': ({ query }) => (query.get('genre') ? okPage([], { page: 1, limit: 24, total: 0 }) : pagedAnime(3)({ query })),
    });
    renderCatalogue('/catalog?genre=romance&kind=ova');
    const heading = await screen.findByRole('heading', { name: 'Ничего не найдено' });
    expect(screen.getByText('Найдено 0 аниме')).toBeInTheDocument();
    await user.click(within(heading.closest('section')!).getByRole('button', { name: 'Сбросить фильтры' }));
    expect(location()).toBe('/catalog');
    expect(await screen.findByText('Найдено 3 аниме')).toBeInTheDocument();
  });

  it('shows an error with a retry button', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/anime': [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен, попробуйте позже'), pagedAnime(2)],
    });
    renderCatalogue();
    expect(await screen.findByRole('heading', { name: 'Не удалось загрузить каталог' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Найдено 2 аниме')).toBeInTheDocument();
  });
});

describe('CataloguePage infinite scroll', () => {
  it('loads the next page when the end of the list comes into view, and with "Показать ещё"', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/anime': pagedAnime(60) });
    renderCatalogue();
    const list = await screen.findByRole('list', { name: 'Каталог аниме' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);

    scrollSentinelIntoView();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(48));
    expect(api.callsTo('GET /api/anime').map((call) => call.query.get('page'))).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(60));
    expect(screen.getByText('Это все аниме по вашему запросу')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/anime')).toHaveLength(3);
    expect(screen.getByText('Найдено 60 аниме')).toBeInTheDocument();
  });

  it('keeps the loaded pages when the next one fails, and retries it', async () => {
    const user = userEvent.setup();
    let failNext = true;
    mockApi({
      'GET /api/anime': ({ query }) => {
        if (query.get('page') === '2' && failNext) {
          failNext = false;
          return fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера');
        }
        return pagedAnime(30)({ query });
      },
    });
    renderCatalogue();
    const list = await screen.findByRole('list', { name: 'Каталог аниме' });
    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Внутренняя ошибка сервера')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
  });

  it('formats large totals with grouped digits', async () => {
    mockApi({ 'GET /api/anime': okPage(animeList(24), { page: 1, limit: 24, total: 1234 }) });
    renderCatalogue();
    expect(await screen.findByText('Найдено 1 234 аниме')).toBeInTheDocument();
  });
});

describe('CataloguePage search', () => {
  it('shows /api/anime/search results on Enter without a suggestion, and returns to the list', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/anime': pagedAnime(10),
      'GET /api/anime/suggest': ok([]),
      'GET /api/anime/search': ok([searchHit(animeList(1, 3)[0]!)]),
    });
    renderCatalogue();
    await screen.findByText('Найдено 10 аниме');
    await user.type(screen.getByRole('combobox', { name: 'Поиск аниме' }), 'штейн{Enter}');
    expect(location()).toBe(`/catalog?q=${encodeURIComponent('штейн')}`);
    expect(await screen.findByRole('heading', { name: 'Результаты поиска: «штейн»' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Открыть страницу аниме «Врата Штейна»' })).toHaveAttribute('href', '/anime/3');
    expect(api.callsTo('GET /api/anime/search')[0]!.query.get('title')).toBe('штейн');

    await user.click(screen.getByRole('button', { name: 'Закрыть результаты поиска' }));
    expect(location()).toBe('/catalog');
    expect(await screen.findByText('Найдено 10 аниме')).toBeInTheDocument();
  });
});

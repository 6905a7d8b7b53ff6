import type { CharacterSummary } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockRequest } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import CharactersPage from './CharactersPage';
import { pageWindow } from './CharactersPagePagination';

const mockApi = mockApiPerTest();

const character = (id: number): CharacterSummary => ({ id, name: `Character ${id}`, nameRu: `Персонаж ${id}`, image: null });

/** A server with `total` characters (all names match any search): answers the requested page. */
const charactersServer = (total: number) => ({
  'GET /api/characters': (request: MockRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const limit = Number(request.query.get('limit') ?? 20);
    const first = (page - 1) * limit;
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, index) => character(first + index + 1));
    return { status: 200, body: { success: true, data: items, meta: { page, limit, total } } };
  },
});

const currentUrl = () => {
  const [path, query = ''] = (screen.getByTestId('location').textContent ?? '').split('?');
  return { path, params: new URLSearchParams(query) };
};

describe('CharactersPage', () => {
  it('reads the search and the page from the URL and asks for 20 per page', async () => {
    const api = mockApi(charactersServer(45));
    renderWithApp(<CharactersPage />, { route: '/characters?search=%D0%BD%D0%B0%D1%80&page=2' });

    expect(await screen.findByRole('link', { name: /Персонаж 21/ })).toHaveAttribute('href', '/characters/21');
    expect(screen.getByRole('searchbox', { name: 'Поиск персонажа' })).toHaveValue('нар');
    const [request] = api.callsTo('GET /api/characters');
    expect(request?.query.get('search')).toBe('нар');
    expect(request?.query.get('page')).toBe('2');
    expect(request?.query.get('limit')).toBe('20');
    expect(screen.getByText('45 персонажей')).toBeInTheDocument();
    expect(screen.getByText(/Сведения о персонажах пока неполные/)).toBeInTheDocument();
  });

  it('puts the search into the URL once typing settles and goes back to the first page', async () => {
    const api = mockApi(charactersServer(3));
    const user = userEvent.setup();
    renderWithApp(<CharactersPage />, { route: '/characters?page=3' });
    await waitFor(() => expect(api.callsTo('GET /api/characters')).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Поиск персонажа' }), 'Сакура');
    await waitFor(() => expect(currentUrl().params.get('search')).toBe('Сакура'));
    expect(currentUrl().params.has('page')).toBe(false);

    await waitFor(() => expect(api.callsTo('GET /api/characters')).toHaveLength(2));
    const searches = api.callsTo('GET /api/characters').map((request) => request.query.get('search'));
    // One request for the settled text, none for every keystroke.
    expect(searches).toEqual([null, 'Сакура']);
    expect(api.callsTo('GET /api/characters')[1]?.query.get('page')).toBe('1');
  });

  it('applies the search at once on Enter and clears it when the box is emptied', async () => {
    const api = mockApi(charactersServer(3));
    const user = userEvent.setup();
    renderWithApp(<CharactersPage />, { route: '/characters?search=old' });
    const box = await screen.findByRole('searchbox', { name: 'Поиск персонажа' });

    await user.clear(box);
    await user.type(box, 'Rei{Enter}');
    expect(currentUrl().params.get('search')).toBe('Rei');

    await user.clear(box);
    await waitFor(() => expect(currentUrl().params.has('search')).toBe(false));
    await waitFor(() => expect(api.callsTo('GET /api/characters').at(-1)?.query.get('search')).toBeNull());
  });

  it('moves between pages with page links kept in the URL', async () => {
    const api = mockApi(charactersServer(45));
    const user = userEvent.setup();
    renderWithApp(<CharactersPage />, { route: '/characters?search=a' });

    const pages = await screen.findByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('link', { name: 'Страница 1, текущая' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByText('Назад')).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(pages).getByRole('link', { name: 'Страница 3' }));
    expect(currentUrl().params.get('page')).toBe('3');
    expect(currentUrl().params.get('search')).toBe('a');
    expect(await screen.findByRole('link', { name: /Персонаж 41/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/characters').at(-1)?.query.get('page')).toBe('3');
    expect(within(pages).getByText('Вперёд')).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(pages).getByRole('link', { name: 'Назад' }));
    expect(currentUrl().params.get('page')).toBe('2');
  });

  it('shows the empty state when nothing matches', async () => {
    mockApi(charactersServer(0));
    renderWithApp(<CharactersPage />, { route: '/characters?search=zzz' });
    expect(await screen.findByRole('heading', { name: 'Персонажи не найдены' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });

  it('shows the server error with a retry button', async () => {
    const api = mockApi({ 'GET /api/characters': [{ networkError: true }, charactersServer(1)['GET /api/characters']] });
    const user = userEvent.setup();
    renderWithApp(<CharactersPage />, { route: '/characters' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось подключиться к серверу');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('link', { name: /Персонаж 1/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/characters')).toHaveLength(2);
  });
});

describe('pageWindow', () => {
  it('keeps the first, the last and two pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    // A gap of a single page shows that page instead of an ellipsis.
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

import { ErrorCode } from '@portal/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { SessionProvider } from '../../../shared/session/SessionProvider';
import { Toaster } from '../../../shared/ui/Toaster';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { createTestQueryClient, LocationProbe } from '../../../test/render';
import { catalogueKeys } from '../api/catalogue-api';
import { titleKeys } from '../../../shared/api/title-api';
import { GENRE_LIST, animeDetails, animeStats, okPage, animeList } from '../testing/catalogue-fixtures';
import AnimePage from './AnimePage';

/** Who the fake server says the stored token belongs to. */
let verifiedUser = makeAdmin();
const mockApi = mockApiPerTest({
  'GET /api/auth/verify': () => ok({ user: verifiedUser }),
  'GET /api/genres': ok(GENRE_LIST),
  'GET /api/anime/1/stats': ok(animeStats()),
});

const admin = { token: 'admin-jwt', user: makeAdmin() };

function renderAnimePage(session: { token: string; user: ReturnType<typeof makeUser> } | null = admin) {
  if (session) {
    tokenStorage.save(session.token, session.user);
    verifiedUser = session.user;
  }
  const client = createTestQueryClient();
  // A catalogue list the user saw before: it must be refreshed after the edit.
  client.setQueryData(catalogueKeys.list({ sort: 'popularity' }), okPageData());
  render(
    <MemoryRouter initialEntries={['/anime/1']}>
      <QueryClientProvider client={client}>
        <SessionProvider initialSession={session}>
          <Routes>
            <Route path="/anime/:id" element={<AnimePage />} />
            <Route path="/catalog" element={<LocationProbe />} />
          </Routes>
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return client;
}

const okPageData = () => ({ items: animeList(2), page: 1, limit: 24, total: 2 });

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
  return screen.findByRole('dialog', { name: 'Редактирование аниме' });
}

// Typing into a dozen fields under jsdom is slow: give each case room.
describe('AnimeEditDialog', { timeout: 20_000 }, () => {
  it('is offered to admins only', async () => {
    mockApi({ 'GET /api/anime/1': ok(animeDetails()) });
    renderAnimePage({ token: 'jwt', user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Стальной алхимик: Братство' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Редактировать' })).not.toBeInTheDocument();
  });

  it('sends only the changed fields, updates the page at once and invalidates the lists', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/anime/1': ok(animeDetails()),
      // As the server does: a new Russian title becomes the display title.
      'PATCH /api/anime/1': ({ body }) => {
        const write = body as { titleRu?: string };
        return ok(animeDetails({ ...write, ...(write.titleRu ? { title: write.titleRu } : {}) }));
      },
      'GET /api/anime': okPage(animeList(2), { page: 1, limit: 24, total: 2 }),
    });
    const client = renderAnimePage();
    const dialog = await openDialog(user);

    expect(within(dialog).getByLabelText('Название на русском')).toHaveValue('Стальной алхимик: Братство');
    expect(within(dialog).getByLabelText('Эпизоды')).toHaveValue(64);
    expect(within(dialog).getByRole('checkbox', { name: 'Драма' })).toBeChecked();
    // The poster field is empty when the real poster is not set... here it is set, so it is shown.
    expect(within(dialog).getByLabelText('Ссылка на постер')).toHaveValue('https://posters.invalid/unreachable.jpg');

    await user.clear(within(dialog).getByLabelText('Название на русском'));
    await user.type(within(dialog).getByLabelText('Название на русском'), 'Новое');
    await user.clear(within(dialog).getByLabelText('Эпизоды'));
    await user.type(within(dialog).getByLabelText('Эпизоды'), '65');
    await user.selectOptions(within(dialog).getByLabelText('Статус'), 'ongoing');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Драма' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Комедия' }));
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = api.callsTo('PATCH /api/anime/1');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(patch[0]!.body).toEqual({
      titleRu: 'Новое',
      status: 'ongoing',
      episodes: 65,
      genres: ['action', 'adventure', 'comedy', 'fantasy'],
    });
    expect(screen.getByText('Онгоинг')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Новое' })).toBeInTheDocument();
    expect(screen.getByText('65 серий')).toBeInTheDocument();
    expect(await screen.findByText('Аниме обновлено')).toBeInTheDocument();
    // The page's own query got the answer (no refetch), every other catalogue query is invalidated.
    expect(api.callsTo('GET /api/anime/1')).toHaveLength(1);
    expect(client.getQueryState(catalogueKeys.list({ sort: 'popularity' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(titleKeys.anime(1))?.isInvalidated).toBe(false);
    expect(client.getQueryData(titleKeys.anime(1))).toMatchObject({ title: 'Новое' });
  });

  it('shows the server field errors under their fields and keeps the dialog open', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/anime/1': ok(animeDetails()),
      'PATCH /api/anime/1': fail(400, ErrorCode.ValidationFailed, 'Проверьте поля', [
        { field: 'title', message: 'Название слишком длинное' },
        { field: 'imageUrl', message: 'Ссылка на постер должна начинаться с https:// или http://' },
      ]),
    });
    renderAnimePage();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Название'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));

    expect(await within(dialog).findByText('Название слишком длинное')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Ссылка на постер')).toHaveAccessibleDescription('Ссылка на постер должна начинаться с https:// или http://');
    expect(within(dialog).getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  });

  it('checks numbers and required fields before sending', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/anime/1': ok(animeDetails()) });
    renderAnimePage();
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Название'));
    await user.clear(within(dialog).getByLabelText('Оценка'));
    await user.type(within(dialog).getByLabelText('Оценка'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название')).toBeInTheDocument();
    expect(within(dialog).getByText('Введите число')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/anime/1')).toHaveLength(0);
  });

  it('shows a server failure above the buttons', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/anime/1': ok(animeDetails()),
      'PATCH /api/anime/1': fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера'),
    });
    renderAnimePage();
    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText('Год'));
    await user.type(within(dialog).getByLabelText('Год'), '2010');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Внутренняя ошибка сервера')).toHaveClass('form__error');
  });

  it('deletes the title only after the confirm step, then opens the catalogue with a notice', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/anime/1': ok(animeDetails()),
      'DELETE /api/anime/1': ok({ id: 1, deleted: true }),
    });
    const client = renderAnimePage();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Удалить тайтл' }));
    const confirm = within(dialog).getByRole('group', { name: 'Удалить навсегда?' });
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(within(dialog).queryByRole('group', { name: 'Удалить навсегда?' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/anime/1')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Удалить тайтл' }));
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/catalog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const calls = api.callsTo('DELETE /api/anime/1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer admin-jwt');
    expect(await screen.findByText('Тайтл удалён')).toBeInTheDocument();
    expect(client.getQueryState(catalogueKeys.list({ sort: 'popularity' }))?.isInvalidated).toBe(true);
    // Leaving the deleted title's page does not ask for it again.
    expect(api.callsTo('GET /api/anime/1')).toHaveLength(1);
    // Nor does any other feature show it from the cache: the shared entry is gone.
    expect(client.getQueryState(titleKeys.anime(1))).toBeUndefined();
  });

  it('keeps the title and says why when the deletion fails', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/anime/1': ok(animeDetails()),
      'DELETE /api/anime/1': fail(404, ErrorCode.NotFound, 'Аниме не найдено'),
    });
    renderAnimePage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить тайтл' }));
    await user.click(within(dialog).getByRole('button', { name: 'Удалить навсегда' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Не удалось удалить тайтл: Аниме не найдено');
    expect(within(dialog).getByRole('button', { name: 'Удалить навсегда' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});

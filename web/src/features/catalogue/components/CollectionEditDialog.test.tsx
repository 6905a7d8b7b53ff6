import { ErrorCode, type AnimeSummary, type CollectionDetails, type Suggestion } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../../../shared/api/token-storage';
import { makeAdmin } from '../../../test/fixtures';
import { fail, ok, type MockRoutes } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { coverProblem } from '../api/collections-api';
import { CollectionEditDialog } from './CollectionEditDialog';

interface SentForm {
  method: string;
  url: string;
  body: FormData;
  headers: Headers;
}

const installApi = mockApiPerTest();
/** The fake API, plus every multipart body sent (the fake API itself only decodes JSON bodies). */
function mockApi(routes: MockRoutes) {
  const api = installApi(routes);
  const mocked = globalThis.fetch;
  const forms: SentForm[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.body instanceof FormData) {
      forms.push({ method: init.method ?? 'GET', url: String(input), body: init.body, headers: new Headers(init.headers) });
    }
    return mocked(input, init);
  }) as typeof fetch;
  return { ...api, forms };
}

const anime = (id: number, title: string): AnimeSummary => ({
  id,
  idShiki: id,
  title,
  titleRomaji: title,
  kind: 'tv',
  status: 'completed',
  episodes: 12,
  year: 2020,
  season: null,
  score: 8,
  genres: [],
  poster: `/posters/${id}.jpg`,
  fallbackPoster: `/api/anime/${id}/poster.svg`,
});

const suggestion = (id: number, title: string): Suggestion => {
  const { year, kind, poster, fallbackPoster } = anime(id, title);
  return { id, title, matchedName: title, year, kind, poster, fallbackPoster };
};

const saved = (overrides: Partial<CollectionDetails> = {}): CollectionDetails => ({
  id: 7,
  title: 'Лучшее лета',
  description: 'Тёплые истории',
  cover: null,
  featured: true,
  animeCount: 1,
  anime: [anime(5, 'Наруто')],
  createdAt: '2024-06-01T00:00:00.000Z',
  updatedAt: '2024-06-01T00:00:00.000Z',
  ...overrides,
});

const file = (name: string, type: string, size = 1024) => {
  const result = new File(['x'], name, { type });
  Object.defineProperty(result, 'size', { value: size });
  return result;
};

function renderDialog(collectionId: number | null = null) {
  tokenStorage.save('admin-jwt', makeAdmin());
  const onOpenChange = vi.fn();
  renderWithApp(<CollectionEditDialog open collectionId={collectionId} onOpenChange={onOpenChange} />, {
    session: { token: 'admin-jwt', user: makeAdmin() },
  });
  return { onOpenChange };
}

const coverInput = () => screen.getByLabelText('Обложка') as HTMLInputElement;

describe('CollectionEditDialog cover checks', () => {
  it('mirrors the server: JPEG, PNG, WebP or GIF up to 5 MB', () => {
    expect(coverProblem(file('a.png', 'image/png', 5 * 1024 * 1024))).toBeNull();
    expect(coverProblem(file('a.webp', 'image/webp'))).toBeNull();
    expect(coverProblem(file('a.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe('Обложка слишком большая: не больше 5 МБ');
    expect(coverProblem(file('a.svg', 'image/svg+xml'))).toBe('Обложка должна быть изображением JPEG, PNG, WebP или GIF');
  });

  it('refuses a file of another type before uploading anything', async () => {
    const api = mockApi({});
    renderDialog();
    await screen.findByRole('dialog', { name: 'Новая подборка' });
    expect(coverInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');

    fireEvent.change(coverInput(), { target: { files: [file('notes.pdf', 'application/pdf')] } });
    expect(await screen.findByText('Обложка должна быть изображением JPEG, PNG, WebP или GIF')).toHaveClass('field__message--error');
    expect(coverInput()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a cover over 5 MB and does not submit with it', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderDialog();
    await user.type(await screen.findByLabelText('Название'), 'Подборка');
    await user.upload(coverInput(), file('huge.png', 'image/png', 5 * 1024 * 1024 + 1));

    expect(await screen.findByText('Обложка слишком большая: не больше 5 МБ')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Предпросмотр обложки' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(api.forms).toHaveLength(0);

    // Dropping the refused file clears the message; a good file shows its preview.
    await user.click(screen.getByRole('button', { name: 'Убрать выбранный файл' }));
    expect(screen.queryByText('Обложка слишком большая: не больше 5 МБ')).not.toBeInTheDocument();
    await user.upload(coverInput(), file('cover.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'Предпросмотр обложки' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  });
});

describe('CollectionEditDialog submit', () => {
  it('requires a title', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Укажите название')).toBeInTheDocument();
    expect(api.forms).toHaveLength(0);
  });

  it('creates a collection as multipart/form-data with every field, the anime ids and the cover', async () => {
    const api = mockApi({
      'GET /api/anime/suggest': ok([suggestion(5, 'Наруто'), suggestion(9, 'Наруто: Ураганные хроники')]),
      'POST /api/collections': ok(saved({ anime: [anime(5, 'Наруто'), anime(9, 'Наруто: Ураганные хроники')] }), 201),
    });
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    const dialog = within(await screen.findByRole('dialog', { name: 'Новая подборка' }));

    await user.type(dialog.getByLabelText('Название'), '  Лучшее лета ');
    await user.type(dialog.getByLabelText('Описание'), 'Тёплые истории');
    await user.click(dialog.getByLabelText('Показывать на главной (выбор редакции)'));
    await user.type(dialog.getByLabelText('Добавить аниме'), 'нар');
    await user.click(await dialog.findByRole('button', { name: 'Добавить «Наруто: Ураганные хроники»' }));
    await user.click(dialog.getByRole('button', { name: 'Добавить «Наруто»' }));
    expect(dialog.getByRole('list', { name: 'Аниме в подборке: 2 аниме' })).toBeInTheDocument();
    const cover = file('summer.webp', 'image/webp');
    await user.upload(coverInput(), cover);
    await user.click(dialog.getByRole('button', { name: 'Создать' }));

    await waitFor(() => expect(api.forms).toHaveLength(1));
    const [sent] = api.forms;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/collections');
    expect(sent?.body.get('title')).toBe('Лучшее лета');
    expect(sent?.body.get('description')).toBe('Тёплые истории');
    expect(sent?.body.get('featured')).toBe('true');
    expect(sent?.body.get('animeIds')).toBe('[9,5]');
    expect((sent?.body.get('cover') as File).name).toBe('summer.webp');
    // The browser sets the multipart boundary: no Content-Type of our own, the bearer token is sent.
    expect(sent?.headers.get('Content-Type')).toBeNull();
    expect(sent?.headers.get('Authorization')).toBe('Bearer admin-jwt');

    expect(await screen.findByText('Подборка создана')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('edits an existing collection with PUT, keeps the cover when none is chosen and removes a title', async () => {
    const api = mockApi({
      'GET /api/collections/7': ok(saved({ anime: [anime(5, 'Наруто'), anime(9, 'Блич')], featured: true })),
      'PUT /api/collections/7': ok(saved()),
    });
    const user = userEvent.setup();
    renderDialog(7);
    const dialog = within(await screen.findByRole('dialog', { name: 'Редактирование подборки' }));
    expect(await dialog.findByLabelText('Название')).toHaveValue('Лучшее лета');
    expect(dialog.getByLabelText('Показывать на главной (выбор редакции)')).toBeChecked();

    await user.click(dialog.getByRole('button', { name: 'Убрать «Блич»' }));
    await user.click(dialog.getByLabelText('Показывать на главной (выбор редакции)'));
    await user.click(dialog.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(api.forms).toHaveLength(1));
    const [sent] = api.forms;
    expect(sent?.method).toBe('PUT');
    expect(sent?.url).toBe('/api/collections/7');
    expect(sent?.body.get('featured')).toBe('false');
    expect(sent?.body.get('animeIds')).toBe('[5]');
    expect(sent?.body.has('cover')).toBe(false);
    expect(await screen.findByText('Подборка сохранена')).toBeInTheDocument();
  });

  it('shows the server field errors under their fields and other errors above the button', async () => {
    mockApi({
      'POST /api/collections': [
        fail(400, ErrorCode.ValidationFailed, 'Некорректный запрос', [
          { field: 'title', message: 'Подборка с таким названием уже есть' },
          { field: 'animeIds', message: 'В подборке есть несуществующие аниме' },
        ]),
        fail(500, ErrorCode.Internal, 'Внутренняя ошибка сервера'),
      ],
    });
    const user = userEvent.setup();
    renderDialog();
    await user.type(await screen.findByLabelText('Название'), 'Дубль');
    await user.click(screen.getByRole('button', { name: 'Создать' }));

    expect(await screen.findByText('Подборка с таким названием уже есть')).toHaveClass('field__message--error');
    expect(screen.getByLabelText('Название')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('В подборке есть несуществующие аниме')).toBeInTheDocument();
    expect(screen.queryByText('Некорректный запрос')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Внутренняя ошибка сервера')).toHaveClass('form__error');
    expect(screen.queryByText('Подборка с таким названием уже есть')).not.toBeInTheDocument();
  });
});

import { ErrorCode, GENERIC_MESSAGES, NEWS_MESSAGES, toNewsCover, type AnimeRef } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import NewsAdmin from '../../../../web/src/features/news/components/NewsAdmin';
import { makeNews, makeNewsPage, newsId } from '../../../../web/src/features/news/testing/news-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/news';
const SETTINGS = 'GET /api/admin/news/settings';
const SAVE_SETTINGS = 'PUT /api/admin/news/settings';
const CREATE = 'POST /api/news';
const COVER = 'POST /api/admin/news/covers';
const SUGGEST = 'GET /api/anime/suggest';
const NARUTO: AnimeRef = { id: 20, title: 'Наруто', poster: '/posters/20.jpg', fallbackPoster: '', episodes: 220, kind: 'tv', year: 2002 };
const BLEACH: AnimeRef = { id: 269, title: 'Блич', poster: '/posters/269.jpg', fallbackPoster: '', episodes: 366, kind: 'tv', year: 2004 };
const items = [
  makeNews({ n: 1, title: 'Анонс фестиваля', animeIds: [BLEACH.id], anime: [BLEACH] }),
  makeNews({ n: 2, title: 'Черновик интервью', status: 'draft' }),
];
const seen: { requests: MockRequest[] } = { requests: [] };
const recording = (answer: (request: MockRequest) => ReturnType<typeof ok>) => (request: MockRequest) => {
  seen.requests.push(request);
  return answer(request);
};

const meta = {
  title: 'features/news/components/NewsAdmin',
  component: NewsAdmin,
  parameters: {
    session: adminSession,
    mockApi: {
      [LIST]: ok(makeNewsPage(items)),
      [SETTINGS]: ok({ autoNews: true }),
      [SAVE_SETTINGS]: recording((request) => ok(request.body)),
      [SUGGEST]: ok([{ ...NARUTO, matchedName: NARUTO.title }]),
    },
  },
  beforeEach: () => {
    seen.requests = [];
  },
} satisfies Meta<typeof NewsAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { mockApi: { [LIST]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка новостей...')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(makeNewsPage([])) } },
  play: async () => {
    await expect(await screen.findByText('Новостей пока нет: напишите первую')).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [LIST]: fail(403, ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden) } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить новости')).toBeInTheDocument();
    await expect(screen.getByText(GENERIC_MESSAGES.forbidden)).toBeInTheDocument();
  },
};

/** Every item, drafts marked; the automatic news switch sends its new value. */
export const WithNews: Story = {
  play: async () => {
    await expect(await screen.findByRole('link', { name: 'Анонс фестиваля' })).toHaveAttribute('href', '/news/novost-1');
    await expect(screen.getByText('Черновик')).toBeInTheDocument();
    const toggle = await screen.findByRole('checkbox', { name: 'Публиковать «Вышла N серия …» автоматически' });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(seen.requests.map((request) => request.body)).toEqual([{ autoNews: false }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
  },
};

export const AutoNewsToggleFails: Story = {
  parameters: { mockApi: { [SAVE_SETTINGS]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Публиковать «Вышла N серия …» автоматически' }));
    await expect(await screen.findByText(/Не удалось изменить настройку автоматических новостей/)).toBeInTheDocument();
  },
};

const openDelete = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить: Анонс фестиваля' }));
  return screen.findByRole('dialog', { name: 'Удалить новость?' });
};

export const DeleteAsk: Story = {
  play: async () => {
    const dialog = await openDelete();
    await expect(within(dialog).getByText(/«Анонс фестиваля» исчезнет с портала/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const DeletePending: Story = {
  parameters: { mockApi: { [`DELETE /api/news/${newsId(1)}`]: { hang: true } } },
  play: async () => {
    const dialog = await openDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await expect(await within(dialog).findByRole('button', { name: 'Удаление...' })).toBeDisabled();
  },
};

export const DeleteRefused: Story = {
  parameters: { mockApi: { [`DELETE /api/news/${newsId(1)}`]: fail(404, ErrorCode.NotFound, NEWS_MESSAGES.notFound) } },
  play: async () => {
    const dialog = await openDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await expect(await within(dialog).findByText(NEWS_MESSAGES.notFound)).toBeInTheDocument();
  },
};

export const Deleted: Story = {
  parameters: { mockApi: { [`DELETE /api/news/${newsId(1)}`]: recording(() => ok({ id: newsId(1), deleted: true })) } },
  play: async () => {
    const dialog = await openDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(seen.requests).toHaveLength(1);
  },
};

const openEditor = async (name = 'Написать новость') => {
  await userEvent.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: 'Текст новости' }, { timeout: 5000 });
  return dialog;
};

/** The editor for a new item (loaded lazily): empty fields, draft by default. */
export const EditorNew: Story = {
  play: async () => {
    const dialog = await openEditor();
    await expect(within(dialog).getByRole('heading', { name: 'Новая новость' })).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Заголовок')).toHaveValue('');
    await expect(within(dialog).getByRole('radio', { name: 'Черновик' })).toBeChecked();
    await expect(within(dialog).getByRole('toolbar', { name: 'Оформление текста' })).toBeInTheDocument();
  },
};

/** Title, tags, a linked title, a cover and «Опубликовать»: what the server receives. */
export const EditorPublishes: Story = {
  parameters: {
    mockApi: {
      [COVER]: recording(() => ok(toNewsCover('20000000-0000-4000-8000-000000000001', [320, 640]), 201)),
      [CREATE]: recording((request) => ok(makeNews({ n: 9, title: (request.body as { title: string }).title }), 201)),
      [SUGGEST]: ok([{ ...NARUTO, matchedName: NARUTO.title }]),
    },
  },
  play: async () => {
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Заголовок'), 'Фестиваль аниме');
    await userEvent.type(within(dialog).getByLabelText('Теги через запятую'), 'фестиваль, анонс');
    await userEvent.type(within(dialog).getByLabelText('Добавить аниме'), 'нар');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Добавить «Наруто»' }, { timeout: 5000 }));
    await expect(within(dialog).getByRole('list', { name: 'Связанные аниме: 1 аниме' })).toHaveTextContent('Наруто');
    const body = within(dialog).getByRole('textbox', { name: 'Текст новости' });
    await userEvent.click(body);
    await userEvent.type(body, 'Фестиваль пройдёт в мае.');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);
    await expect(await within(dialog).findByRole('img', { name: 'Обложка новости' })).toHaveAttribute('srcset', expect.stringContaining('640w'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Опубликовать' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const created = seen.requests.find((request) => request.path === '/api/news')!;
    await expect(created.body).toMatchObject({
      title: 'Фестиваль аниме',
      tags: ['фестиваль', 'анонс'],
      animeIds: [20],
      status: 'published',
      cover: { id: '20000000-0000-4000-8000-000000000001', widths: [320, 640] },
    });
    await expect((created.body as { body: string }).body).toContain('Фестиваль пройдёт в мае.');
  },
};

/** The server's refusal is shown under its field; the dialog stays open. */
export const EditorRefused: Story = {
  parameters: {
    mockApi: { [CREATE]: fail(400, ErrorCode.ValidationFailed, NEWS_MESSAGES.title, [{ field: 'title', message: NEWS_MESSAGES.title }]) },
  },
  play: async () => {
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Заголовок'), 'Аб');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await expect(await within(dialog).findByText(NEWS_MESSAGES.title)).toBeInTheDocument();
  },
};

export const EditorCoverRefused: Story = {
  parameters: { mockApi: { [COVER]: fail(400, ErrorCode.ValidationFailed, NEWS_MESSAGES.coverType, [{ field: 'file', message: NEWS_MESSAGES.coverType }]) } },
  play: async () => {
    const dialog = await openEditor();
    await userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, new File(['<?php'], 'cover.png', { type: 'image/png' }));
    await expect(await within(dialog).findByText(NEWS_MESSAGES.coverType)).toBeInTheDocument();
  },
};

export const EditorSaving: Story = {
  parameters: { mockApi: { [CREATE]: { hang: true } } },
  play: async () => {
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Заголовок'), 'Фестиваль аниме');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await expect(await within(dialog).findByRole('button', { name: 'Сохранение...' })).toBeDisabled();
  },
};

/** An existing item opens with its fields, body and linked titles filled in. */
export const EditorEdit: Story = {
  play: async () => {
    const dialog = await openEditor('Изменить: Анонс фестиваля');
    await expect(within(dialog).getByRole('heading', { name: 'Изменить новость' })).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Заголовок')).toHaveValue('Анонс фестиваля');
    await expect(within(dialog).getByRole('textbox', { name: 'Текст новости' })).toHaveTextContent('Студия объявила дату премьеры второго сезона.');
    await expect(within(dialog).getByRole('radio', { name: 'Опубликовать' })).toBeChecked();
    await expect(within(dialog).getByRole('list', { name: 'Связанные аниме: 1 аниме' })).toHaveTextContent('Блич');
  },
};

/** Another title added to an edited item, the old one removed: the server receives the new list of ids. */
export const EditorChangesLinkedTitles: Story = {
  parameters: { mockApi: { [`PUT /api/news/${newsId(1)}`]: recording((request) => ok(makeNews({ n: 1, ...(request.body as object) }))) } },
  play: async () => {
    const dialog = await openEditor('Изменить: Анонс фестиваля');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Убрать «Блич»' }));
    await userEvent.type(within(dialog).getByLabelText('Добавить аниме'), 'нар');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Добавить «Наруто»' }, { timeout: 5000 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(seen.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ animeIds: [NARUTO.id] });
  },
};

/** A linked title the catalogue no longer knows: the server's message is shown under the picker. */
const NOT_FOUND = `${NEWS_MESSAGES.animeNotFound}: ${BLEACH.id}`;
export const EditorLinkedTitleRefused: Story = {
  parameters: {
    mockApi: { [`PUT /api/news/${newsId(1)}`]: fail(400, ErrorCode.ValidationFailed, NOT_FOUND, [{ field: 'animeIds', message: NOT_FOUND }]) },
  },
  play: async () => {
    const dialog = await openEditor('Изменить: Анонс фестиваля');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await expect(await within(dialog).findByText(NOT_FOUND)).toBeInTheDocument();
  },
};

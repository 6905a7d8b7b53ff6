import { AMV_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import AmvAdmin from '../../../../web/src/features/amv/components/AmvAdmin';
import { AMV_LINKED_TITLE, amvId, amvPage, makeAmv, sampleAmvs } from '../../../../web/src/features/amv/testing/amv-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/amv';
const UPLOAD = 'POST /api/amv/upload';
const CREATE = 'POST /api/amv';
const SUGGEST = 'GET /api/anime/suggest';
const EDITED = sampleAmvs()[1];
const UPDATE = `PUT /api/amv/${EDITED.id}`;
const recordingOk = (answer: (request: MockRequest) => unknown) => (request: MockRequest) => (seen.push(request), ok(answer(request)));
const seen: MockRequest[] = [];
const UPLOAD_ID = `${amvId(40)}.mp4`;

const meta = {
  title: 'features/amv/components/AmvAdmin',
  component: AmvAdmin,
  parameters: {
    session: adminSession,
    mockApi: { [LIST]: ok(amvPage(sampleAmvs())), [SUGGEST]: ok([{ ...AMV_LINKED_TITLE, matchedName: AMV_LINKED_TITLE.title }]) },
  },
  beforeEach: () => {
    seen.length = 0;
  },
} satisfies Meta<typeof AmvAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

const fill = async () => {
  const form = screen.getByRole('form', { name: 'Новое AMV' });
  await userEvent.type(within(form).getByLabelText('Название'), 'Дракон');
  await userEvent.type(within(form).getByLabelText('Автор'), 'Админ');
  await userEvent.type(within(form).getByLabelText('Длительность, секунд'), '90');
  await userEvent.type(within(form).getByLabelText('Теги через запятую'), 'экшен, драма');
  return form;
};

export const Empty: Story = {
  parameters: { mockApi: { [LIST]: ok(amvPage([])) } },
  play: async () => {
    await expect(await screen.findByText('AMV не найдены')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Опубликовать' })).toBeEnabled();
  },
};

/** A file is uploaded first, then the AMV is created with its uploadId and the title chosen in the picker. */
export const PublishUpload: Story = {
  parameters: {
    mockApi: {
      ...meta.parameters.mockApi,
      [UPLOAD]: (request: MockRequest) => (seen.push(request), ok({ uploadId: UPLOAD_ID, mimeType: 'video/mp4', size: 10 }, 201)),
      [CREATE]: (request: MockRequest) => (seen.push(request), ok(makeAmv({ id: amvId(41), title: 'Дракон' }), 201)),
    },
  },
  play: async () => {
    const form = await fill();
    await userEvent.type(within(form).getByLabelText('Добавить аниме'), 'нар');
    await userEvent.click(await within(form).findByRole('button', { name: 'Добавить «Наруто»' }, { timeout: 5000 }));
    await userEvent.upload(within(form).getByLabelText('Видеофайл'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    await expect(await screen.findByRole('link', { name: 'AMV «Дракон» опубликовано' })).toHaveAttribute('href', `/amv/${amvId(41)}`);
    await expect(seen.map((request) => request.path)).toEqual(['/api/amv/upload', '/api/amv']);
    await expect(seen[1].body).toEqual({
      title: 'Дракон',
      author: 'Админ',
      durationSeconds: 90,
      musicArtist: null,
      musicTrack: null,
      tags: ['экшен', 'драма'],
      animeIds: [AMV_LINKED_TITLE.id],
      video: { uploadId: UPLOAD_ID },
    });
  },
};

/** A link from a host off the allowlist: the server's Russian message under the field. */
export const LinkRefused: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(amvPage(sampleAmvs())),
      [CREATE]: fail(400, ErrorCode.ValidationFailed, AMV_MESSAGES.externalHost, [{ field: 'video.url', message: AMV_MESSAGES.externalHost }]),
    },
  },
  play: async () => {
    const form = await fill();
    await userEvent.click(within(form).getByRole('radio', { name: /Ссылка/ }));
    await userEvent.type(within(form).getByLabelText('Ссылка на видео'), 'https://vimeo.com/1');
    await userEvent.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    await expect(await screen.findByText(AMV_MESSAGES.externalHost)).toBeInTheDocument();
  },
};

export const Delete: Story = {
  parameters: {
    mockApi: {
      [LIST]: [ok(amvPage(sampleAmvs())), ok(amvPage(sampleAmvs().slice(1)))],
      [`DELETE /api/amv/${amvId(1)}`]: (request: MockRequest) => (seen.push(request), ok({ id: amvId(1), deleted: true })),
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить «86 — Восемьдесят шесть»' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(seen.map((request) => request.method)).toEqual(['DELETE']));
    await waitFor(() => expect(screen.queryByRole('link', { name: '86 — Восемьдесят шесть' })).not.toBeInTheDocument());
  },
};

const openEdit = async () => {
  await userEvent.click(await screen.findByRole('button', { name: `Изменить «${EDITED.title}»` }));
  return within(await screen.findByRole('form', { name: `Изменить AMV «${EDITED.title}»` }));
};

/** «Изменить» fills the form with the AMV: its fields, its linked titles, the uploaded video kept. */
export const EditFilled: Story = {
  play: async () => {
    const form = await openEdit();
    await expect(form.getByLabelText('Название')).toHaveValue(EDITED.title);
    await expect(form.getByLabelText('Название')).toHaveFocus();
    await expect(form.getByLabelText('Автор')).toHaveValue(EDITED.author);
    await expect(form.getByLabelText('Длительность, секунд')).toHaveValue(String(EDITED.durationSeconds));
    await expect(form.getByLabelText('Исполнитель')).toHaveValue('Linkin Park');
    await expect(form.getByLabelText('Трек')).toHaveValue('Numb');
    await expect(form.getByLabelText('Теги через запятую')).toHaveValue('экшен');
    await expect(form.getByRole('list', { name: 'Связанные аниме: 1 аниме' })).toHaveTextContent('Наруто');
    await expect(form.getByRole('radio', { name: /Файл/ })).toBeChecked();
    await expect(form.getByLabelText('Видеофайл')).toHaveAccessibleDescription('Текущее видео останется, если не выбрать новый файл или ссылку.');
    await expect(form.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

/** «Сохранить» sends only what changed (the video is kept); the form returns to a new AMV. */
export const EditSaved: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, [UPDATE]: recordingOk((request) => ({ ...EDITED, ...(request.body as object), anime: [] })) } },
  play: async () => {
    const form = await openEdit();
    await userEvent.clear(form.getByLabelText('Название'));
    await userEvent.type(form.getByLabelText('Название'), 'Naruto Forever 2');
    await userEvent.click(form.getByRole('button', { name: 'Убрать «Наруто»' }));
    await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    await expect(await screen.findByRole('link', { name: 'AMV «Naruto Forever 2» сохранено' })).toHaveAttribute('href', `/amv/${EDITED.id}`);
    await expect(seen.map((request) => request.body)).toEqual([{ title: 'Naruto Forever 2', animeIds: [] }]);
    await expect(screen.getByRole('form', { name: 'Новое AMV' })).toBeInTheDocument();
  },
};

/** A new player link replaces the uploaded video. */
export const EditReplacesVideo: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, [UPDATE]: recordingOk(() => EDITED) } },
  play: async () => {
    const form = await openEdit();
    await userEvent.click(form.getByRole('radio', { name: /Ссылка/ }));
    await userEvent.type(form.getByLabelText('Ссылка на видео'), 'https://youtu.be/dQw4w9WgXcQ');
    await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(seen.map((request) => request.body)).toEqual([{ video: { url: 'https://youtu.be/dQw4w9WgXcQ' } }]));
  },
};

/** The server refuses a field: its message under the field, the form stays in editing with what was typed. */
export const EditRefused: Story = {
  parameters: {
    mockApi: {
      ...meta.parameters.mockApi,
      [UPDATE]: fail(400, ErrorCode.ValidationFailed, AMV_MESSAGES.duration, [{ field: 'durationSeconds', message: AMV_MESSAGES.duration }]),
    },
  },
  play: async () => {
    const form = await openEdit();
    await userEvent.clear(form.getByLabelText('Длительность, секунд'));
    await userEvent.type(form.getByLabelText('Длительность, секунд'), '0');
    await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    await expect(await form.findByText(AMV_MESSAGES.duration)).toBeInTheDocument();
    await expect(form.getByLabelText('Длительность, секунд')).toHaveValue('0');
    await expect(form.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  },
};

/** Nothing changed: nothing is sent. */
export const EditUnchanged: Story = {
  parameters: { mockApi: { ...meta.parameters.mockApi, [UPDATE]: recordingOk(() => EDITED) } },
  play: async () => {
    const form = await openEdit();
    await userEvent.click(form.getByRole('button', { name: 'Сохранить' }));
    await expect(await form.findByRole('status')).toHaveTextContent('Вы ничего не изменили');
    await expect(seen).toHaveLength(0);
  },
};

/** «Отмена» returns to a new, empty AMV. */
export const EditCancelled: Story = {
  play: async () => {
    const form = await openEdit();
    await userEvent.click(form.getByRole('button', { name: 'Отмена' }));
    const fresh = within(await screen.findByRole('form', { name: 'Новое AMV' }));
    await expect(fresh.getByLabelText('Название')).toHaveValue('');
    await expect(fresh.getByText('Аниме пока не выбраны.')).toBeInTheDocument();
  },
};

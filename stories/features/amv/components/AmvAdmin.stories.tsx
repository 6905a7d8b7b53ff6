import { AMV_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import AmvAdmin from '../../../../web/src/features/amv/components/AmvAdmin';
import { amvId, amvPage, makeAmv, sampleAmvs } from '../../../../web/src/features/amv/testing/amv-fixtures';
import type { MockRequest } from '../../../../web/src/test/mock-api';
import { adminSession, fail, ok } from '../../../support/fixtures';

const LIST = 'GET /api/amv';
const UPLOAD = 'POST /api/amv/upload';
const CREATE = 'POST /api/amv';
const seen: MockRequest[] = [];
const UPLOAD_ID = `${amvId(40)}.mp4`;

const meta = {
  title: 'features/amv/components/AmvAdmin',
  component: AmvAdmin,
  parameters: { session: adminSession, mockApi: { [LIST]: ok(amvPage(sampleAmvs())) } },
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

/** A file is uploaded first, then the AMV is created with its uploadId. */
export const PublishUpload: Story = {
  parameters: {
    mockApi: {
      [LIST]: ok(amvPage(sampleAmvs())),
      [UPLOAD]: (request: MockRequest) => (seen.push(request), ok({ uploadId: UPLOAD_ID, mimeType: 'video/mp4', size: 10 }, 201)),
      [CREATE]: (request: MockRequest) => (seen.push(request), ok(makeAmv({ id: amvId(41), title: 'Дракон' }), 201)),
    },
  },
  play: async () => {
    const form = await fill();
    await userEvent.upload(within(form).getByLabelText('Видеофайл'), new File(['video'], 'clip.mp4', { type: 'video/mp4' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Опубликовать' }));
    await expect(await screen.findByRole('link', { name: 'AMV «Дракон» опубликовано' })).toHaveAttribute('href', `/amv/${amvId(41)}`);
    await expect(seen.map((request) => request.path)).toEqual(['/api/amv/upload', '/api/amv']);
    await expect(seen[1].body).toEqual({ title: 'Дракон', author: 'Админ', durationSeconds: 90, musicArtist: null, musicTrack: null, tags: ['экшен', 'драма'], video: { uploadId: UPLOAD_ID } });
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

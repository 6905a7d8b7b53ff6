import { EPISODE_UPLOAD_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { UploaderOnly } from '../../../../web/src/app/router/AdminOnly';
import type { StartEpisodeUpload } from '../../../../web/src/features/episodes-admin/api/episode-upload';
import { EpisodeUploadContext } from '../../../../web/src/features/episodes-admin/api/episode-upload-context';
import EpisodesAdminPage from '../../../../web/src/features/episodes-admin/components/EpisodesAdminPage';
import {
  EPISODES_ROUTE,
  FFMPEG_ERROR,
  MANAGE,
  MEGABYTE,
  cancelRoute,
  cancelledSource,
  detectedEpisode,
  failedSource,
  fakeEpisodeUploads,
  makeEpisode,
  makeManagement,
  manualEpisode,
  markersRoute,
  publishRoute,
  queuedSource,
  readySource,
  retryRoute,
  sampleEpisodes,
  sourceId,
  transcodingSource,
  unmarkedEpisode,
  videoFile,
} from '../../../../web/src/features/episodes-admin/testing/episodes-admin-fixtures';
import { fail, makeUser, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';

const EpisodesRoute = pageAtRoute('/admin/anime/:id/episodes', EpisodesAdminPage);
const uploaderSession = { token: 'story-uploader-token', user: makeUser({ id: 'u-uploader', username: 'mai_uploads', displayName: 'Май', isUploader: true }) };

/** The upload the story's form starts: a fake that does what `script` tells it instead of tus. */
const withUploads =
  (start: StartEpisodeUpload): Decorator =>
  (Story) => (
    <EpisodeUploadContext.Provider value={start}>
      <Story />
    </EpisodeUploadContext.Provider>
  );

/** 126 of 300 MB on the server, then nothing more (the story stays at 42 %). */
const halfway = fakeEpisodeUploads((upload) => upload.request.onProgress(126 * MEGABYTE, 300 * MEGABYTE));

const meta = {
  title: 'features/episodes-admin/components/EpisodesAdminPage',
  component: EpisodesRoute,
  decorators: [withUploads(halfway.start)],
  parameters: {
    route: EPISODES_ROUTE,
    session: uploaderSession,
    mockApi: {
      'GET /api/auth/verify': ok({ user: uploaderSession.user }),
      [MANAGE]: ok(makeManagement({ episodes: sampleEpisodes(), sources: [readySource()] })),
    },
  },
} satisfies Meta<typeof EpisodesRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

const title = () => screen.findByRole('heading', { level: 1, name: 'Серии — Наруто' });
const sourceItem = async (name: string) => within((await screen.findByText(name)).closest('li')!);
const episodeRow = async (number: number) => within((await screen.findByRole('rowheader', { name: String(number) })).closest('tr')!);
/** Chooses a file and presses «Загрузить». */
const startUpload = async () => {
  await userEvent.upload(await screen.findByLabelText('Видеофайл'), videoFile('naruto-04.mkv', 'video/x-matroska', 0));
  await userEvent.click(screen.getByRole('button', { name: 'Загрузить' }));
};

/** Demo episodes 1–2 and an uploaded, published episode 3 with its finished upload. */
export const Default: Story = {
  play: async () => {
    await expect(await title()).toBeInTheDocument();
    await expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('4');
    await expect((await sourceItem('Серия 3 · naruto-03.mkv')).getByText('Готово · 360p, 720p, 1080p')).toBeInTheDocument();
    await expect((await episodeRow(1)).getByText('Демо')).toBeInTheDocument();
    await expect((await episodeRow(3)).getByText('Загружено')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { [MANAGE]: { hang: true } } },
  play: async () => {
    await expect(await screen.findByText('Загрузка серий...')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 1, name: 'Серии' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  parameters: { mockApi: { [MANAGE]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    await expect(await screen.findByText('Не удалось загрузить серии')).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** A title without episodes or uploads: the form offers episode 1. */
export const NoEpisodesYet: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement()) } },
  play: async () => {
    await expect(await screen.findByText('Загрузок пока нет.')).toBeInTheDocument();
    await expect(screen.getByText('Серий пока нет: загрузите первую.')).toBeInTheDocument();
    await expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('1');
  },
};

/** 42 % of the file sent: the bar, the megabytes, «Пауза» and «Отменить». */
export const UploadInProgress: Story = {
  play: async () => {
    await title();
    await startUpload();
    const bar = await screen.findByRole('progressbar', { name: 'Загрузка файла' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(screen.getByText('42 % · 126,0 из 300,0 МБ')).toBeInTheDocument();
    await expect(screen.getByText('naruto-04.mkv, серия 4')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Пауза' })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Отменить загрузку' })).toBeInTheDocument();
  },
};

/** «Пауза» stops sending; «Продолжить» goes on from the same byte. */
export const UploadPaused: Story = {
  play: async () => {
    await title();
    await startUpload();
    await userEvent.click(await screen.findByRole('button', { name: 'Пауза' }));
    await expect(await screen.findByText('Пауза · 42 % · 126,0 из 300,0 МБ')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Продолжить' })).toBeInTheDocument();
  },
};

/** The gateway's ffprobe found no video: its Russian message under the form. */
export const UploadError: Story = {
  decorators: [withUploads(fakeEpisodeUploads((upload) => upload.request.onError(EPISODE_UPLOAD_MESSAGES.notVideo)).start)],
  play: async () => {
    await title();
    await startUpload();
    await expect(await screen.findByRole('alert')).toHaveTextContent('Это не видеофайл: загрузите MP4, MKV или WebM');
    await expect(screen.getByRole('button', { name: 'Загрузить' })).toBeInTheDocument();
  },
};

/** The number field checked before anything is sent. */
export const UploadBadNumber: Story = {
  play: async () => {
    const number = await screen.findByRole('textbox', { name: 'Номер серии' });
    await userEvent.clear(number);
    await userEvent.type(number, '0');
    await startUpload();
    await expect(await screen.findByText('Номер серии должен быть целым числом от 1 до 100000')).toBeInTheDocument();
  },
};

/** The file is whole: the screen is read again and shows the new upload, queued. */
export const UploadFinished: Story = {
  decorators: [withUploads(fakeEpisodeUploads((upload) => setTimeout(() => upload.request.onSuccess(), 50)).start)],
  parameters: {
    mockApi: {
      [MANAGE]: [
        ok(makeManagement({ episodes: sampleEpisodes(), sources: [readySource()] })),
        ok(makeManagement({ episodes: sampleEpisodes(), sources: [queuedSource({ number: 4, fileName: 'naruto-04.mkv' }), readySource()] })),
      ],
    },
  },
  play: async () => {
    await title();
    await startUpload();
    await expect(await (await sourceItem('Серия 4 · naruto-04.mkv')).findByText('В очереди')).toBeInTheDocument();
    await expect(await screen.findByText('Серия 4 загружена')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('5'));
  },
};

export const SourceQueued: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ sources: [queuedSource()] })) } },
  play: async () => {
    const item = await sourceItem('Серия 3 · naruto-03.mkv');
    await expect(item.getByText('В очереди')).toBeInTheDocument();
    await expect(item.getByText('1920×1080 · 23:40 · 700,0 МБ')).toBeInTheDocument();
    await expect(item.getByText('AniLibria · русский, японский')).toBeInTheDocument();
    await expect(item.getByRole('button', { name: 'Отменить обработку серии 3' })).toBeInTheDocument();
  },
};

/** 42 % transcoded, about a minute left (the screen polls every 2 s meanwhile). */
export const SourceTranscoding: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ sources: [transcodingSource()] })) } },
  play: async () => {
    const bar = await screen.findByRole('progressbar', { name: 'Обработка серии 3' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(screen.getByText('Обработка 42 % · осталось ~1 мин')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Отменить обработку серии 3' })).toBeInTheDocument();
  },
};

export const SourceReady: Story = {
  parameters: {
    mockApi: { [MANAGE]: ok(makeManagement({ sources: [readySource()], episodes: [makeEpisode({ number: 3, origin: 'upload', published: false })] })) },
  },
  play: async () => {
    const item = await sourceItem('Серия 3 · naruto-03.mkv');
    await expect(item.getByText('Готово · 360p, 720p, 1080p')).toBeInTheDocument();
    await expect(item.queryByRole('button')).toBeNull();
  },
};

/** ffmpeg's last lines, and «Повторить». */
export const SourceFailed: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(makeManagement({ sources: [failedSource()] })),
      [retryRoute(sourceId(3))]: ok(queuedSource()),
    },
  },
  play: async () => {
    const item = await sourceItem('Серия 3 · naruto-03.mkv');
    await expect(item.getByText(`Ошибка: ${FFMPEG_ERROR}`)).toBeInTheDocument();
    await expect(item.getByRole('button', { name: 'Повторить обработку серии 3' })).toBeInTheDocument();
  },
};

export const SourceCancelled: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ sources: [cancelledSource()] })) } },
  play: async () => {
    const item = await sourceItem('Серия 3 · naruto-03.mkv');
    await expect(item.getByText('Отменено')).toBeInTheDocument();
    await expect(item.getByRole('button', { name: 'Повторить обработку серии 3' })).toBeInTheDocument();
  },
};

/** «Отменить» on a running transcode: the row shows «Отменено» and offers «Повторить». */
export const CancelTranscoding: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: [ok(makeManagement({ sources: [transcodingSource()] })), ok(makeManagement({ sources: [cancelledSource()] }))],
      [cancelRoute(sourceId(3))]: ok(cancelledSource()),
    },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Отменить обработку серии 3' }));
    await expect(await screen.findByText('Отменено')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить обработку серии 3' })).toBeInTheDocument();
  },
};

/** Every upload state at once, newest first. */
export const AllSourceStates: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(
        makeManagement({
          episodes: sampleEpisodes(),
          sources: [
            queuedSource({ id: sourceId(8), number: 8, createdAt: '2026-11-26T15:00:00.000Z' }),
            transcodingSource({ id: sourceId(7), number: 7, createdAt: '2026-11-26T14:00:00.000Z' }),
            failedSource({ id: sourceId(6), number: 6, createdAt: '2026-11-26T13:00:00.000Z' }),
            cancelledSource({ id: sourceId(5), number: 5, createdAt: '2026-11-26T12:00:00.000Z' }),
            readySource({ number: 3, createdAt: '2026-11-26T11:00:00.000Z' }),
          ],
        }),
      ),
    },
  },
  play: async () => {
    const items = within(await screen.findByRole('list', { name: 'Загрузки серий' })).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    await expect(items[0]).toHaveTextContent('В очереди');
    await expect(items[4]).toHaveTextContent('Готово · 360p, 720p, 1080p');
    await expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('9');
  },
};

/** Published episodes: the uploaded one can be hidden, the demo ones have no button. */
export const EpisodesPublished: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(makeManagement({ episodes: sampleEpisodes() })),
      [publishRoute(3)]: ok(makeEpisode({ number: 3, title: null, origin: 'upload', published: false })),
    },
  },
  play: async () => {
    const demo = await episodeRow(1);
    await expect(demo.getByText('Опубликована')).toBeInTheDocument();
    await expect(demo.queryByRole('button')).toBeNull();
    await expect(demo.getByRole('link', { name: 'Смотреть серию 1' })).toHaveAttribute('href', '/watch/20/1');
    const uploaded = await episodeRow(3);
    await expect(uploaded.getByText('Опубликована')).toBeInTheDocument();
    await expect(uploaded.getByRole('button', { name: 'Скрыть серию 3' })).toBeInTheDocument();
  },
};

/** A transcoded upload not published yet: «Опубликовать» sends published: true and the row shows it. */
export const EpisodesUnpublished: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(
        makeManagement({ episodes: [...sampleEpisodes().slice(0, 2), makeEpisode({ number: 3, title: null, origin: 'upload', published: false })] }),
      ),
      [publishRoute(3)]: ok(makeEpisode({ number: 3, title: null, origin: 'upload', published: true })),
    },
  },
  play: async () => {
    const row = await episodeRow(3);
    await expect(row.getByText('Скрыта')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Опубликовать серию 3' }));
    await expect(await row.findByText('Опубликована')).toBeInTheDocument();
    await expect(row.getByRole('button', { name: 'Скрыть серию 3' })).toBeInTheDocument();
  },
};

/** Opening and ending found by ear from the audio: the spans and «найдено по звуку». */
export const MarkersDetected: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ episodes: [detectedEpisode()] })) } },
  play: async () => {
    const row = await episodeRow(3);
    await expect(row.getByText('Опенинг 0:05–1:35 · Эндинг 22:10–23:40')).toBeInTheDocument();
    await expect(row.getByText('найдено по звуку')).toBeInTheDocument();
    await expect(row.getByRole('button', { name: 'Изменить отметки серии 3' })).toBeInTheDocument();
  },
};

/** Set by a person (here: no ending): «исправлено вручную», which detection never overrules. */
export const MarkersManual: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ episodes: [manualEpisode()] })) } },
  play: async () => {
    const row = await episodeRow(4);
    await expect(row.getByText('Опенинг 1:30–3:00 · Эндинг нет')).toBeInTheDocument();
    await expect(row.getByText('исправлено вручную')).toBeInTheDocument();
  },
};

/** Nothing found yet: «нет» for both and no badge; demo samples are listed without «Изменить отметки». */
export const MarkersNone: Story = {
  parameters: { mockApi: { [MANAGE]: ok(makeManagement({ episodes: [...sampleEpisodes().slice(0, 1), unmarkedEpisode()] })) } },
  play: async () => {
    const row = await episodeRow(5);
    await expect(row.getByText('Опенинг нет · Эндинг нет')).toBeInTheDocument();
    await expect(row.queryByText(/найдено по звуку|исправлено вручную/)).toBeNull();
    await expect(row.getByRole('button', { name: 'Изменить отметки серии 5' })).toBeInTheDocument();
    await expect((await episodeRow(1)).queryByRole('button', { name: /Изменить отметки/ })).toBeNull();
  },
};

/** «Изменить отметки» → «Нет опенинга» → «Сохранить»: the dialog closes and the row reads «исправлено вручную». */
export const MarkersSaved: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(makeManagement({ episodes: [detectedEpisode()] })),
      [markersRoute(3)]: ok(detectedEpisode({ opening: null, markersOrigin: 'manual' })),
    },
  },
  play: async () => {
    await userEvent.click((await episodeRow(3)).getByRole('button', { name: 'Изменить отметки серии 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Опенинг и эндинг серии 3' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Нет опенинга' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await episodeRow(3);
    await expect(await row.findByText('исправлено вручную')).toBeInTheDocument();
    await expect(row.getByText('Опенинг нет · Эндинг 22:10–23:40')).toBeInTheDocument();
  },
};

/** The server refused the markers: its Russian message stays in the open dialog. */
export const MarkersRefused: Story = {
  parameters: {
    mockApi: {
      [MANAGE]: ok(makeManagement({ episodes: [detectedEpisode()] })),
      [markersRoute(3)]: fail(400, ErrorCode.ValidationFailed, EPISODE_UPLOAD_MESSAGES.spanPastEnd),
    },
  },
  play: async () => {
    await userEvent.click((await episodeRow(3)).getByRole('button', { name: 'Изменить отметки серии 3' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Опенинг и эндинг серии 3' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(EPISODE_UPLOAD_MESSAGES.spanPastEnd);
  },
};

/** A signed-in user who is not an uploader: the router's refusal, as on the admin pages. */
export const NotAllowed: Story = {
  parameters: { session: userSession, mockApi: { 'GET /api/auth/verify': ok({ user: userSession.user }) } },
  render: () => (
    <UploaderOnly>
      <EpisodesRoute />
    </UploaderOnly>
  ),
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Недостаточно прав' })).toBeInTheDocument();
    await expect(screen.getByText('Этот раздел доступен только администраторам и загрузчикам серий.')).toBeInTheDocument();
    await expect(screen.queryByRole('textbox', { name: 'Номер серии' })).toBeNull();
  },
};

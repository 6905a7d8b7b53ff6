import { EPISODE_UPLOAD_MESSAGES, ErrorCode } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { POLL_INTERVAL_MS } from '../api/episodes-admin-api';
import type { StartEpisodeUpload } from '../api/episode-upload';
import { EpisodeUploadContext } from '../api/episode-upload-context';
import {
  ANIME_ID,
  EPISODES_ROUTE,
  FFMPEG_ERROR,
  MANAGE,
  MEGABYTE,
  cancelRoute,
  cancelledSource,
  failedSource,
  fakeEpisodeUploads,
  makeEpisode,
  makeManagement,
  publishRoute,
  queuedSource,
  readySource,
  retryRoute,
  sampleEpisodes,
  sourceId,
  transcodingSource,
  videoFile,
} from '../testing/episodes-admin-fixtures';
import EpisodesAdminPage from './EpisodesAdminPage';

const mockApi = mockApiPerTest();
const uploader = { token: 'jwt', user: makeUser({ isUploader: true }) };

function renderPage(start: StartEpisodeUpload = fakeEpisodeUploads().start) {
  return renderWithApp(
    <EpisodeUploadContext.Provider value={start}>
      <Routes>
        <Route path="/admin/anime/:id/episodes" element={<EpisodesAdminPage />} />
      </Routes>
    </EpisodeUploadContext.Provider>,
    { route: EPISODES_ROUTE, session: uploader },
  );
}

const sourceItem = (name: RegExp | string) => within(screen.getByText(name).closest('li')!);
const episodeRow = (number: number) => within(screen.getByRole('rowheader', { name: String(number) }).closest('tr')!);

afterEach(() => {
  vi.useRealTimers();
});

describe('EpisodesAdminPage', () => {
  it('shows the title, the uploads with what ffprobe found, and the episodes', async () => {
    mockApi({ [MANAGE]: ok(makeManagement({ episodes: sampleEpisodes(), sources: [readySource()] })) });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Серии — Наруто' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← К странице аниме' })).toHaveAttribute('href', `/anime/${ANIME_ID}`);
    const source = sourceItem('Серия 3 · naruto-03.mkv');
    expect(source.getByText('1920×1080 · 23:40 · 700,0 МБ')).toBeInTheDocument();
    expect(source.getByText('AniLibria · русский, японский')).toBeInTheDocument();

    const demo = episodeRow(1);
    expect(demo.getByText('Возвращение Узумаки Наруто')).toBeInTheDocument();
    expect(demo.getByText('23:40')).toBeInTheDocument();
    expect(demo.getByText('360p, 720p, 1080p')).toBeInTheDocument();
    expect(demo.getByText('Демо')).toBeInTheDocument();
    expect(demo.getByText('Опубликована')).toBeInTheDocument();
    expect(demo.queryByRole('button')).toBeNull();
    expect(demo.getByRole('link', { name: 'Смотреть серию 1' })).toHaveAttribute('href', `/watch/${ANIME_ID}/1`);
    const uploaded = episodeRow(3);
    expect(uploaded.getByText('Загружено')).toBeInTheDocument();
    expect(uploaded.getByText('—')).toBeInTheDocument();
    expect(uploaded.getByRole('button', { name: 'Скрыть серию 3' })).toBeInTheDocument();
    // The next free number after episode 3.
    expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('4');
  });

  it('says so when the title has no episodes and no uploads yet, and offers episode 1', async () => {
    mockApi({ [MANAGE]: ok(makeManagement()) });
    renderPage();
    expect(await screen.findByText('Загрузок пока нет.')).toBeInTheDocument();
    expect(screen.getByText('Серий пока нет: загрузите первую.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('1');
  });

  it('shows the loading state, then the server’s error with a retry', async () => {
    const api = mockApi({ [MANAGE]: [fail(404, ErrorCode.NotFound, 'Аниме не найдено'), ok(makeManagement())] });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('Загрузка серий...')).toBeInTheDocument();
    expect(await screen.findByText('Не удалось загрузить серии')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Аниме не найдено');
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Серии — Наруто' })).toBeInTheDocument();
    expect(api.callsTo(MANAGE)).toHaveLength(2);
  });

  describe('a source in each state', () => {
    it('queued: «В очереди», no bar, «Отменить»', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [queuedSource()] })) });
      renderPage();
      expect(await screen.findByText('В очереди')).toBeInTheDocument();
      const item = sourceItem('Серия 3 · naruto-03.mkv');
      expect(item.queryByRole('progressbar')).toBeNull();
      expect(item.getByRole('button', { name: 'Отменить обработку серии 3' })).toHaveTextContent('Отменить');
      expect(item.queryByRole('button', { name: /Повторить/ })).toBeNull();
    });

    it('transcoding: a bar with the per cent and the time left, «Отменить»', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [transcodingSource()] })) });
      renderPage();
      const bar = await screen.findByRole('progressbar', { name: 'Обработка серии 3' });
      expect(bar).toHaveAttribute('aria-valuenow', '42');
      expect(bar).toHaveAttribute('aria-valuetext', 'Обработка 42 % · осталось ~1 мин');
      expect(screen.getByText('Обработка 42 % · осталось ~1 мин')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Отменить обработку серии 3' })).toBeInTheDocument();
    });

    it('transcoding without an estimate yet: the per cent only', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [transcodingSource({ progress: 3, etaSeconds: null })] })) });
      renderPage();
      expect(await screen.findByText('Обработка 3 %')).toBeInTheDocument();
    });

    it('ready: «Готово» with the qualities made, no button', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [readySource()] })) });
      renderPage();
      expect(await screen.findByText('Готово · 360p, 720p, 1080p')).toBeInTheDocument();
      const item = sourceItem('Серия 3 · naruto-03.mkv');
      expect(item.queryByRole('progressbar')).toBeNull();
      expect(item.queryByRole('button')).toBeNull();
    });

    it('failed: ffmpeg’s error and «Повторить»', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [failedSource()] })) });
      renderPage();
      expect(await screen.findByText(`Ошибка: ${FFMPEG_ERROR}`)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Повторить обработку серии 3' })).toHaveTextContent('Повторить');
      expect(screen.queryByRole('button', { name: /Отменить обработку/ })).toBeNull();
    });

    it('cancelled: «Отменено» and «Повторить»', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ sources: [cancelledSource()] })) });
      renderPage();
      expect(await screen.findByText('Отменено')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Повторить обработку серии 3' })).toBeInTheDocument();
    });

    it('lists the newest upload first', async () => {
      mockApi({
        [MANAGE]: ok(
          makeManagement({
            sources: [readySource({ number: 1, createdAt: '2026-11-20T10:00:00.000Z' }), queuedSource({ number: 2, createdAt: '2026-11-26T10:00:00.000Z' })],
          }),
        ),
      });
      renderPage();
      const list = await screen.findByRole('list', { name: 'Загрузки серий' });
      const items = within(list).getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('Серия 2 · naruto-02.mkv');
      expect(items[1]).toHaveTextContent('Серия 1 · naruto-01.mkv');
    });
  });

  describe('actions', () => {
    it('«Отменить» cancels that source and shows its new state', async () => {
      const api = mockApi({
        [MANAGE]: [ok(makeManagement({ sources: [transcodingSource()] })), ok(makeManagement({ sources: [cancelledSource()] }))],
        [cancelRoute(sourceId(3))]: ok(cancelledSource()),
      });
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Отменить обработку серии 3' }));
      expect(await screen.findByText('Отменено')).toBeInTheDocument();
      expect(api.callsTo(cancelRoute(sourceId(3)))).toHaveLength(1);
      expect(api.callsTo(cancelRoute(sourceId(3)))[0]?.body).toEqual({});
      expect(api.callsTo(retryRoute(sourceId(3)))).toHaveLength(0);
    });

    it('«Повторить» retries that source; a refusal is shown in its row', async () => {
      const api = mockApi({
        [MANAGE]: [
          ok(makeManagement({ sources: [failedSource(), cancelledSource({ id: sourceId(7), number: 7 })] })),
          ok(makeManagement({ sources: [failedSource(), queuedSource({ id: sourceId(7), number: 7 })] })),
        ],
        [retryRoute(sourceId(3))]: fail(409, ErrorCode.Conflict, EPISODE_UPLOAD_MESSAGES.notRetryable),
        [retryRoute(sourceId(7))]: ok(queuedSource({ id: sourceId(7), number: 7 })),
      });
      const user = userEvent.setup();
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Повторить обработку серии 7' }));
      await waitFor(() => expect(api.callsTo(retryRoute(sourceId(7)))).toHaveLength(1));
      expect(await sourceItem('Серия 7 · naruto-07.mkv').findByText('В очереди')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Повторить обработку серии 3' }));
      expect(await sourceItem('Серия 3 · naruto-03.mkv').findByText(EPISODE_UPLOAD_MESSAGES.notRetryable)).toBeInTheDocument();
      expect(api.callsTo(retryRoute(sourceId(3)))).toHaveLength(1);
      expect(api.callsTo(cancelRoute(sourceId(3)))).toHaveLength(0);
    });

    it('«Опубликовать» and «Скрыть» send the episode’s number and the new flag', async () => {
      const api = mockApi({
        [MANAGE]: ok(
          makeManagement({ episodes: [makeEpisode({ number: 4, origin: 'upload', published: false }), makeEpisode({ number: 5, origin: 'upload' })] }),
        ),
        [publishRoute(4)]: ok(makeEpisode({ number: 4, origin: 'upload', published: true })),
        [publishRoute(5)]: ok(makeEpisode({ number: 5, origin: 'upload', published: false })),
      });
      const user = userEvent.setup();
      renderPage();
      expect(await episodeRowAsync(4)).toBeTruthy();
      expect(episodeRow(4).getByText('Скрыта')).toBeInTheDocument();
      await user.click(episodeRow(4).getByRole('button', { name: 'Опубликовать серию 4' }));
      expect(await episodeRow(4).findByText('Опубликована')).toBeInTheDocument();
      expect(episodeRow(4).getByRole('button', { name: 'Скрыть серию 4' })).toBeInTheDocument();
      expect(api.callsTo(publishRoute(4))[0]?.body).toEqual({ published: true });

      await user.click(episodeRow(5).getByRole('button', { name: 'Скрыть серию 5' }));
      expect(await episodeRow(5).findByText('Скрыта')).toBeInTheDocument();
      expect(api.callsTo(publishRoute(5))[0]?.body).toEqual({ published: false });
    });
  });

  describe('polling', () => {
    it('reads the screen again every 2 s while a source is in work, and stops once none is', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const api = mockApi({
        [MANAGE]: [
          ok(makeManagement({ sources: [queuedSource()] })),
          ok(makeManagement({ sources: [transcodingSource({ progress: 80, etaSeconds: 20 })] })),
          ok(makeManagement({ sources: [readySource()], episodes: [makeEpisode({ number: 3, origin: 'upload', published: false })] })),
        ],
      });
      renderPage();
      expect(await screen.findByText('В очереди')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(await screen.findByText('Обработка 80 % · осталось ~1 мин')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      expect(await screen.findByText('Готово · 360p, 720p, 1080p')).toBeInTheDocument();
      expect(api.callsTo(MANAGE)).toHaveLength(3);

      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
      expect(api.callsTo(MANAGE)).toHaveLength(3);
    });

    it('does not poll when nothing is in work, and stops when the screen is left', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const idle = mockApi({ [MANAGE]: ok(makeManagement({ sources: [readySource(), failedSource({ id: sourceId(9), number: 9 })] })) });
      const first = renderPage();
      expect(await screen.findByText('Готово · 360p, 720p, 1080p')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3));
      expect(idle.callsTo(MANAGE)).toHaveLength(1);
      first.unmount();

      const busy = mockApi({ [MANAGE]: ok(makeManagement({ sources: [transcodingSource()] })) });
      const second = renderPage();
      expect(await screen.findByRole('progressbar', { name: 'Обработка серии 3' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
      await waitFor(() => expect(busy.callsTo(MANAGE)).toHaveLength(2));
      second.unmount();
      await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
      expect(busy.callsTo(MANAGE)).toHaveLength(2);
    });
  });

  describe('the upload form', () => {
    it('refuses an episode number that is not an integer from 1 to 100000, in Russian', async () => {
      mockApi({ [MANAGE]: ok(makeManagement()) });
      const uploads = fakeEpisodeUploads();
      const user = userEvent.setup();
      renderPage(uploads.start);
      const number = await screen.findByRole('textbox', { name: 'Номер серии' });
      await user.upload(screen.getByLabelText('Видеофайл'), videoFile());
      for (const bad of ['0', '1.5', '100001', 'abc', '']) {
        await user.clear(number);
        if (bad) await user.type(number, bad);
        await user.click(screen.getByRole('button', { name: 'Загрузить' }));
        expect(await screen.findByText('Номер серии должен быть целым числом от 1 до 100000')).toBeInTheDocument();
        expect(number).toHaveAttribute('aria-invalid', 'true');
      }
      expect(uploads.uploads).toHaveLength(0);

      await user.clear(number);
      await user.type(number, '100000');
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));
      expect(uploads.uploads).toHaveLength(1);
      expect(uploads.uploads[0]?.request).toMatchObject({ animeId: ANIME_ID, number: 100000 });
      expect(uploads.uploads[0]?.request.file.name).toBe('naruto-04.mkv');
    });

    it('asks for a file, and refuses one that is not MP4, MKV or WebM', async () => {
      mockApi({ [MANAGE]: ok(makeManagement()) });
      const uploads = fakeEpisodeUploads();
      const user = userEvent.setup({ applyAccept: false });
      renderPage(uploads.start);
      await user.click(await screen.findByRole('button', { name: 'Загрузить' }));
      expect(await screen.findByText('Выберите видеофайл')).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Видеофайл'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));
      expect(await screen.findByText(EPISODE_UPLOAD_MESSAGES.notVideo)).toBeInTheDocument();
      expect(uploads.uploads).toHaveLength(0);
    });

    it('shows the progress, pauses, resumes and cancels', async () => {
      mockApi({ [MANAGE]: ok(makeManagement({ episodes: sampleEpisodes() })) });
      const uploads = fakeEpisodeUploads((upload) => upload.request.onProgress(126 * MEGABYTE, 300 * MEGABYTE));
      const user = userEvent.setup();
      renderPage(uploads.start);
      await screen.findByRole('textbox', { name: 'Номер серии' });
      await user.upload(screen.getByLabelText('Видеофайл'), videoFile());
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));

      const bar = await screen.findByRole('progressbar', { name: 'Загрузка файла' });
      expect(bar).toHaveAttribute('aria-valuenow', '42');
      expect(screen.getByText('42 % · 126,0 из 300,0 МБ')).toBeInTheDocument();
      expect(screen.getByText('naruto-04.mkv, серия 4')).toBeInTheDocument();
      expect(uploads.uploads[0]?.request).toMatchObject({ animeId: ANIME_ID, number: 4 });
      expect(screen.getByRole('textbox', { name: 'Номер серии' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Загрузить' })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Пауза' }));
      expect(uploads.uploads[0]?.paused).toBe(true);
      expect(screen.getByText('Пауза · 42 % · 126,0 из 300,0 МБ')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Продолжить' }));
      expect(uploads.uploads[0]?.resumes).toBe(1);
      expect(screen.getByRole('button', { name: 'Пауза' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Отменить загрузку' }));
      expect(uploads.uploads[0]?.cancelled).toBe(true);
      expect(screen.queryByRole('progressbar', { name: 'Загрузка файла' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Загрузить' })).toBeInTheDocument();
    });

    it('shows the server’s refusal under the form', async () => {
      mockApi({ [MANAGE]: ok(makeManagement()) });
      const uploads = fakeEpisodeUploads((upload) => upload.request.onError(EPISODE_UPLOAD_MESSAGES.notVideo));
      const user = userEvent.setup();
      renderPage(uploads.start);
      await user.upload(await screen.findByLabelText('Видеофайл'), videoFile());
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Это не видеофайл: загрузите MP4, MKV или WebM');
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.getByRole('button', { name: 'Загрузить' })).toBeInTheDocument();
    });

    it('reads the screen again once the file is whole: the new upload shows queued, and polling starts', async () => {
      let finish: () => void = () => undefined;
      const api = mockApi({
        [MANAGE]: [ok(makeManagement()), ok(makeManagement({ sources: [queuedSource({ number: 1, fileName: 'naruto-04.mkv' })] }))],
      });
      const uploads = fakeEpisodeUploads((upload) => {
        finish = () => upload.request.onSuccess();
      });
      const user = userEvent.setup();
      renderPage(uploads.start);
      await user.upload(await screen.findByLabelText('Видеофайл'), videoFile());
      await user.click(screen.getByRole('button', { name: 'Загрузить' }));
      await act(async () => finish());
      expect(await screen.findByText('Серия 1 · naruto-04.mkv')).toBeInTheDocument();
      expect(screen.getByText('В очереди')).toBeInTheDocument();
      expect(await screen.findByText('Серия 1 загружена')).toBeInTheDocument();
      expect(api.callsTo(MANAGE).length).toBeGreaterThanOrEqual(2);
      // The form is ready for the next episode.
      expect(screen.getByRole('textbox', { name: 'Номер серии' })).toHaveValue('2');
    });
  });
});

async function episodeRowAsync(number: number) {
  return screen.findByRole('rowheader', { name: String(number) });
}

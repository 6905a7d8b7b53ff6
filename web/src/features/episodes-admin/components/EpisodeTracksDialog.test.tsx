import { EPISODE_TRACK_MESSAGES, ErrorCode } from '@portal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { makeUser } from '../../../test/fixtures';
import { fail, ok } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import type { StartEpisodeTrackUpload } from '../api/episode-track-upload';
import { EpisodeTrackUploadContext } from '../api/episode-track-upload-context';
import { POLL_INTERVAL_MS } from '../api/episodes-admin-api';
import {
  ANIME_ID,
  CRUNCHYROLL,
  EPISODES_ROUTE,
  MANAGE,
  MEGABYTE,
  STUDIO_BAND,
  TEAMS,
  TRACK_ERROR,
  audioFile,
  failedVoice,
  fakeTrackUploads,
  makeManagement,
  makeTeam,
  processingVoice,
  readySubtitles,
  removeTrackRoute,
  sampleEpisodes,
  sourceTracks,
  subtitleFile,
  trackId,
  trackList,
  tracksRoute,
} from '../testing/episodes-admin-fixtures';
import { EpisodeTracksDialog } from './EpisodeTracksDialog';
import EpisodesAdminPage from './EpisodesAdminPage';

const mockApi = mockApiPerTest({ [TEAMS]: ok({ items: [] }) });
const uploader = { token: 'jwt', user: makeUser({ isUploader: true }) };
const TRACKS = tracksRoute(3);

afterEach(() => {
  vi.useRealTimers();
});

/** The dialog of episode 3 behind its «Дорожки» button, as the episode row holds it. */
function Opener() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <EpisodeTracksDialog open={open} onOpenChange={setOpen} animeId={ANIME_ID} number={3} />
    </>
  );
}

function renderDialog(start: StartEpisodeTrackUpload = fakeTrackUploads().start) {
  return renderWithApp(
    <EpisodeTrackUploadContext.Provider value={start}>
      <Opener />
    </EpisodeTrackUploadContext.Provider>,
    { session: uploader },
  );
}

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Дорожки серии 3' }));
type View = Awaited<ReturnType<typeof dialog>>;
const trackItem = async (view: View, name: string) => within((await view.findByText(name, { selector: '.episode-track__name' })).closest('li')!);

/** Fills «Добавить дорожку» and presses it. */
async function addTrack(
  user: ReturnType<typeof userEvent.setup>,
  view: View,
  { kind, team, language, file }: { kind?: 'Озвучка' | 'Субтитры'; team?: string; language?: string; file?: File },
) {
  if (kind) await user.click(view.getByRole('radio', { name: kind }));
  if (team) await user.type(view.getByRole('combobox', { name: 'Команда' }), team);
  if (language) await user.selectOptions(view.getByRole('combobox', { name: 'Язык' }), language);
  if (file) await user.upload(view.getByLabelText('Файл'), file);
  await user.click(view.getByRole('button', { name: 'Добавить дорожку' }));
}

describe('the «Серии» screen', () => {
  it('offers «Дорожки» on an uploaded episode, not on a demo sample, and opens its dialog', async () => {
    mockApi({ [MANAGE]: ok(makeManagement({ episodes: sampleEpisodes() })), [TRACKS]: ok(trackList(sourceTracks())) });
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/admin/anime/:id/episodes" element={<EpisodesAdminPage />} />
      </Routes>,
      { route: EPISODES_ROUTE, session: uploader },
    );
    const demo = within((await screen.findByRole('rowheader', { name: '1' })).closest('tr')!);
    expect(demo.queryByRole('button', { name: /Дорожки/ })).toBeNull();
    const uploaded = within(screen.getByRole('rowheader', { name: '3' }).closest('tr')!);
    await user.click(uploaded.getByRole('button', { name: 'Дорожки серии 3: озвучки и субтитры' }));
    const view = await dialog();
    expect(await trackItem(view, 'AniLibria')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(uploaded.getByRole('button', { name: 'Дорожки серии 3: озвучки и субтитры' })).toHaveFocus();
  });
});

describe('EpisodeTracksDialog', () => {
  it('lists the source’s streams first, then the added ones with their state; only an added one can be removed', async () => {
    mockApi({ [TRACKS]: ok(trackList([...sourceTracks(), readySubtitles(), processingVoice(), failedVoice()])) });
    renderDialog();
    const view = await dialog();
    const names = (await view.findAllByRole('listitem')).map((item) => item.querySelector('.episode-track__name')?.textContent);
    expect(names).toEqual(['AniLibria', 'Японский', 'Crunchyroll', 'Studio Band', 'AniDub']);

    const source = await trackItem(view, 'AniLibria');
    expect(source.getByText(/Озвучка · русский ·/)).toHaveTextContent('Озвучка · русский · из видео');
    expect(source.getByText('готово')).toBeInTheDocument();
    expect(source.queryByRole('button')).toBeNull();
    expect((await trackItem(view, 'Японский')).getByText(/Озвучка/)).toHaveTextContent('Озвучка · японский · из видео');

    const subtitles = await trackItem(view, 'Crunchyroll');
    expect(subtitles.getByText(/Субтитры/)).toHaveTextContent('Субтитры · русский · добавлена');
    expect(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' })).toBeInTheDocument();
    const processing = await trackItem(view, 'Studio Band');
    expect(processing.getByText('обрабатывается')).toBeInTheDocument();
    expect(processing.getByText('обрабатывается').querySelector('.spinner')).not.toBeNull();
    expect((await trackItem(view, 'AniDub')).getByText(`ошибка: ${TRACK_ERROR}`)).toBeInTheDocument();
    expect(view.queryByText(/Добавленных дорожек пока нет/)).toBeNull();
  });

  it('says so when nothing was added yet, and shows a failed list with «Повторить»', async () => {
    mockApi({ [TRACKS]: ok(trackList(sourceTracks())) });
    const first = renderDialog();
    const view = await dialog();
    expect(await view.findByText('Добавленных дорожек пока нет: только дорожки из видео.')).toBeInTheDocument();
    first.unmount();

    const api = mockApi({ [TRACKS]: [fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен'), ok(trackList(sourceTracks()))] });
    const user = userEvent.setup();
    renderDialog();
    const failed = await dialog();
    expect(await failed.findByText('Не удалось загрузить дорожки')).toBeInTheDocument();
    expect(failed.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await user.click(failed.getByRole('button', { name: 'Повторить' }));
    expect(await trackItem(failed, 'AniLibria')).toBeTruthy();
    expect(api.callsTo(TRACKS)).toHaveLength(2);
  });

  it('checks the form before sending: a team, a file, subtitles within 5 MB, in Russian', async () => {
    mockApi({ [TRACKS]: ok(trackList(sourceTracks())) });
    const uploads = fakeTrackUploads();
    const user = userEvent.setup();
    renderDialog(uploads.start);
    const view = await dialog();
    await addTrack(user, view, {});
    expect(view.getByText('Укажите название команды')).toBeInTheDocument();
    expect(view.getByRole('combobox', { name: 'Команда' })).toHaveAttribute('aria-invalid', 'true');
    expect(view.getByText(EPISODE_TRACK_MESSAGES.fileMissing)).toBeInTheDocument();
    expect(view.getByLabelText('Файл')).toHaveAttribute('aria-invalid', 'true');

    await addTrack(user, view, { kind: 'Субтитры', team: 'Crunchyroll', file: subtitleFile('season.ass', 5 * MEGABYTE + 1) });
    expect(view.getByText('Файл больше 5 МБ')).toBeInTheDocument();
    expect(view.queryByText('Укажите название команды')).toBeNull();
    expect(uploads.uploads).toHaveLength(0);
  });

  it('accepts the kind’s files only, and suggests the teams of that kind as the name is typed', async () => {
    const api = mockApi({
      [TRACKS]: ok(trackList(sourceTracks())),
      [TEAMS]: (request) =>
        ok({
          items:
            request.query.get('kind') === 'subtitles'
              ? [CRUNCHYROLL]
              : [STUDIO_BAND, makeTeam(9, 'Studio Ghibli Fans')].filter((team) => team.name.startsWith(request.query.get('q') ?? '')),
        }),
    });
    const user = userEvent.setup();
    renderDialog();
    const view = await dialog();
    const file = view.getByLabelText('Файл');
    expect(file).toHaveAttribute('accept', 'audio/*,.mka,.m4a,.mp3,.flac,.aac,.opus,.ac3');
    const team = view.getByRole('combobox', { name: 'Команда' });
    const options = () => [...document.querySelectorAll(`#${CSS.escape(team.getAttribute('list')!)} option`)].map((option) => option.getAttribute('value'));
    await waitFor(() => expect(options()).toEqual(['Studio Band', 'Studio Ghibli Fans']));
    await user.type(team, 'Studio B');
    await waitFor(() => expect(options()).toEqual(['Studio Band']));
    expect(api.callsTo(TEAMS).at(-1)?.query.toString()).toBe('kind=voice&q=Studio+B');

    await user.click(view.getByRole('radio', { name: 'Субтитры' }));
    expect(view.getByLabelText('Файл')).toHaveAttribute('accept', '.srt,.ass,.ssa,.vtt');
    expect(view.getByText('SRT, ASS, SSA или VTT, до 5 МБ.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(TEAMS).at(-1)?.query.get('kind')).toBe('subtitles'));
    await waitFor(() => expect(options()).toEqual(['Crunchyroll']));
    expect(view.getByRole('combobox', { name: 'Язык' })).toHaveValue('ru');
    expect(view.getAllByRole('option').map((option) => option.textContent)).toEqual(['Русский', 'Японский', 'Английский', 'Украинский', 'Не указан']);
  });

  it('sends the file with a progress bar; the new track joins the list as «обрабатывается», and the form empties', async () => {
    const added = readySubtitles({ id: trackId(7), name: 'Crunchyroll', state: 'processing', language: 'en' });
    const api = mockApi({ [TRACKS]: [ok(trackList(sourceTracks())), ok(trackList([...sourceTracks(), added]))] });
    const uploads = fakeTrackUploads((upload) => upload.request.onProgress(1024 * 1024, 4 * 1024 * 1024));
    const user = userEvent.setup();
    renderDialog(uploads.start);
    const view = await dialog();
    await trackItem(view, 'AniLibria');
    const file = subtitleFile('naruto-03.en.ass', 4 * 1024 * 1024);
    await addTrack(user, view, { kind: 'Субтитры', team: '  Crunchyroll ', language: 'Английский', file });

    expect(uploads.uploads).toHaveLength(1);
    const { request } = uploads.uploads[0]!;
    expect(request).toMatchObject({ animeId: ANIME_ID, number: 3, kind: 'subtitles', team: 'Crunchyroll', language: 'en', file });
    const bar = await view.findByRole('progressbar', { name: 'Загрузка дорожки' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(view.getByText('25 % · 1,0 из 4,0 МБ')).toBeInTheDocument();
    expect(view.getByText('Загружается naruto-03.en.ass')).toBeInTheDocument();
    expect(view.getByRole('combobox', { name: 'Команда' })).toBeDisabled();
    expect(view.getByRole('button', { name: 'Добавить дорожку' })).toBeDisabled();
    expect(view.getByRole('button', { name: 'Отменить загрузку дорожки' })).toHaveFocus();
    // A file on its way keeps the dialog open.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () => uploads.uploads[0]!.resolve(added));
    const item = await trackItem(view, 'Crunchyroll');
    expect(item.getByText('обрабатывается')).toBeInTheDocument();
    expect(item.getByText(/Субтитры/)).toHaveTextContent('Субтитры · английский · добавлена');
    expect(view.getByText('Дорожка «Crunchyroll» добавлена и обрабатывается.')).toBeInTheDocument();
    expect(view.queryByRole('progressbar')).toBeNull();
    expect(view.getByRole('combobox', { name: 'Команда' })).toHaveValue('');
    expect((view.getByLabelText('Файл') as HTMLInputElement).files).toHaveLength(0);
    expect(view.getByRole('button', { name: 'Добавить дорожку' })).toHaveFocus();
    await waitFor(() => expect(api.callsTo(TRACKS)).toHaveLength(2));
  });

  it('«Отменить» stops the upload and the form is back as it was', async () => {
    mockApi({ [TRACKS]: ok(trackList(sourceTracks())) });
    const uploads = fakeTrackUploads();
    const user = userEvent.setup();
    renderDialog(uploads.start);
    const view = await dialog();
    await addTrack(user, view, { team: 'Studio Band', file: audioFile() });
    await user.click(await view.findByRole('button', { name: 'Отменить загрузку дорожки' }));
    expect(uploads.uploads[0]!.aborted).toBe(true);
    await waitFor(() => expect(view.queryByRole('progressbar')).toBeNull());
    expect(view.queryByRole('alert')).toBeNull();
    expect(view.getByRole('combobox', { name: 'Команда' })).toHaveValue('Studio Band');
  });

  it('shows the server’s refusal in the dialog: under the form, or under the field it names', async () => {
    mockApi({ [TRACKS]: ok(trackList(sourceTracks())) });
    const refusals = [
      new ApiError(EPISODE_TRACK_MESSAGES.notAudio, 415, ErrorCode.ValidationFailed),
      new ApiError('Ошибка валидации', 400, ErrorCode.ValidationFailed, [{ field: 'team', message: EPISODE_TRACK_MESSAGES.team }]),
    ];
    const uploads = fakeTrackUploads((upload) => upload.reject(refusals.shift()));
    const user = userEvent.setup();
    renderDialog(uploads.start);
    const view = await dialog();
    await addTrack(user, view, { team: 'Studio Band', file: audioFile('opening.mp4', 1) });
    expect(await view.findByRole('alert')).toHaveTextContent(EPISODE_TRACK_MESSAGES.notAudio);
    expect(view.getByRole('button', { name: 'Добавить дорожку' })).toBeEnabled();
    expect(view.getByRole('combobox', { name: 'Команда' })).toHaveValue('Studio Band');

    await user.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    expect(await view.findByText(EPISODE_TRACK_MESSAGES.team)).toBeInTheDocument();
    expect(view.getByRole('combobox', { name: 'Команда' })).toHaveAttribute('aria-invalid', 'true');
    expect(view.queryByText('Ошибка валидации')).toBeNull();
    // Changing the field forgets the refusal.
    await user.type(view.getByRole('combobox', { name: 'Команда' }), '!');
    expect(view.queryByText(EPISODE_TRACK_MESSAGES.team)).toBeNull();
  });

  it('removes an added track after a confirmation, and keeps it on «Отмена» or a refusal', async () => {
    const api = mockApi({
      [TRACKS]: [ok(trackList([...sourceTracks(), readySubtitles(), failedVoice()])), ok(trackList([...sourceTracks(), failedVoice()]))],
      [removeTrackRoute(trackId(3))]: ok(readySubtitles()),
      [removeTrackRoute(trackId(5))]: fail(409, ErrorCode.Conflict, 'Дорожку сейчас нельзя удалить'),
    });
    const user = userEvent.setup();
    renderDialog();
    const view = await dialog();
    const subtitles = await trackItem(view, 'Crunchyroll');

    await user.click(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' }));
    expect(subtitles.getByText('Удалить дорожку «Crunchyroll»? Она пропадёт из плеера этой серии.')).toBeInTheDocument();
    expect(subtitles.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await user.click(subtitles.getByRole('button', { name: 'Отмена' }));
    expect(subtitles.queryByText(/Она пропадёт/)).toBeNull();
    expect(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' })).toHaveFocus();
    expect(api.callsTo(removeTrackRoute(trackId(3)))).toHaveLength(0);

    await user.click(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' }));
    await user.click(subtitles.getByRole('button', { name: 'Подтвердить удаление дорожки «Crunchyroll»' }));
    await waitFor(() => expect(view.queryByText('Crunchyroll', { selector: '.episode-track__name' })).toBeNull());
    expect(api.callsTo(removeTrackRoute(trackId(3)))).toHaveLength(1);
    expect(view.getByText('Дорожка «Crunchyroll» удалена.')).toBeInTheDocument();
    expect(view.getByRole('heading', { name: 'Дорожки серии' })).toHaveFocus();

    const failed = await trackItem(view, 'AniDub');
    await user.click(failed.getByRole('button', { name: 'Удалить дорожку «AniDub»' }));
    await user.click(failed.getByRole('button', { name: 'Подтвердить удаление дорожки «AniDub»' }));
    expect(await failed.findByRole('alert')).toHaveTextContent('Дорожку сейчас нельзя удалить');
    expect(failed.getByRole('button', { name: 'Подтвердить удаление дорожки «AniDub»' })).toBeEnabled();
  });

  it('reads the list every 2 s while a track is processing, stops once none is, and when the dialog closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [TRACKS]: [
        ok(trackList([...sourceTracks(), processingVoice()])),
        ok(trackList([...sourceTracks(), processingVoice()])),
        ok(trackList([...sourceTracks(), processingVoice({ state: 'ready' })])),
      ],
    });
    renderDialog();
    const view = await dialog();
    expect((await trackItem(view, 'Studio Band')).getByText('обрабатывается')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(api.callsTo(TRACKS)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    expect(await (await trackItem(view, 'Studio Band')).findByText('готово')).toBeInTheDocument();
    expect(api.callsTo(TRACKS)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(api.callsTo(TRACKS)).toHaveLength(3);
  });

  it('stops reading the list once closed, though a track is still processing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ [TRACKS]: ok(trackList([...sourceTracks(), processingVoice()])) });
    renderDialog();
    const view = await dialog();
    await trackItem(view, 'Studio Band');
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS));
    await waitFor(() => expect(api.callsTo(TRACKS)).toHaveLength(2));
    await act(async () => view.getByRole('button', { name: 'Закрыть' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5));
    expect(api.callsTo(TRACKS)).toHaveLength(2);
  });
});

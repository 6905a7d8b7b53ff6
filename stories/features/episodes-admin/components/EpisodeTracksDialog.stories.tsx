import { EPISODE_TRACK_MESSAGES, ErrorCode } from '@portal/contracts';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { StartEpisodeTrackUpload } from '../../../../web/src/features/episodes-admin/api/episode-track-upload';
import { EpisodeTrackUploadContext } from '../../../../web/src/features/episodes-admin/api/episode-track-upload-context';
import { EpisodeTracksDialog } from '../../../../web/src/features/episodes-admin/components/EpisodeTracksDialog';
import {
  ANIME_ID,
  ANIDUB,
  CRUNCHYROLL,
  MEGABYTE,
  STUDIO_BAND,
  TEAMS,
  TRACK_ERROR,
  audioFile,
  failedVoice,
  fakeTrackUploads,
  processingVoice,
  readySubtitles,
  removeTrackRoute,
  sourceTracks,
  subtitleFile,
  trackId,
  trackList,
  tracksRoute,
} from '../../../../web/src/features/episodes-admin/testing/episodes-admin-fixtures';
import { ApiError } from '../../../../web/src/shared/api/api-error';
import { fail, makeUser, ok } from '../../../support/fixtures';

const uploaderSession = { token: 'story-uploader-token', user: makeUser({ id: 'u-uploader', username: 'mai_uploads', displayName: 'Май', isUploader: true }) };
const TRACKS = tracksRoute(3);

/** The upload the story's form starts: a fake that does what `script` tells it instead of XMLHttpRequest. */
const withTrackUploads =
  (start: StartEpisodeTrackUpload): Decorator =>
  (Story) => (
    <EpisodeTrackUploadContext.Provider value={start}>
      <Story />
    </EpisodeTrackUploadContext.Provider>
  );

/** Every track state at once: the source's two streams, then ready subtitles, a processing and a failed voice-over. */
const allStates = () => trackList([...sourceTracks(), readySubtitles(), processingVoice(), failedVoice()]);

/** «Дорожки» of a transcoded episode: its voice-overs and subtitles, «Удалить» on an added one, and «Добавить дорожку». */
const meta = {
  title: 'features/episodes-admin/components/EpisodeTracksDialog',
  component: EpisodeTracksDialog,
  args: { open: true, animeId: ANIME_ID, number: 3, onOpenChange: fn() },
  decorators: [withTrackUploads(fakeTrackUploads().start)],
  parameters: {
    session: uploaderSession,
    mockApi: {
      [TRACKS]: ok(trackList(sourceTracks())),
      [TEAMS]: ok({ items: [STUDIO_BAND, ANIDUB] }),
    },
  },
} satisfies Meta<typeof EpisodeTracksDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Дорожки серии 3' }));
type View = Awaited<ReturnType<typeof dialog>>;
const trackItem = async (view: View, name: string) => within((await view.findByText(name, { selector: '.episode-track__name' })).closest('li')!);
const teamField = (view: View) => view.getByRole('combobox', { name: 'Команда' });

/** The list is being read: a spinner where it will be; the form is there already. */
export const Loading: Story = {
  parameters: { mockApi: { [TRACKS]: { hang: true } } },
  play: async () => {
    const view = await dialog();
    await expect(view.getByText('Загрузка дорожек...')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Добавить дорожку' })).toBeInTheDocument();
  },
};

/** Nothing added yet: only the source's streams (no «Удалить» on them), and a note saying so. */
export const OnlySourceTracks: Story = {
  play: async () => {
    const view = await dialog();
    const voice = await trackItem(view, 'AniLibria');
    await expect(voice.getByText(/Озвучка/)).toHaveTextContent('Озвучка · русский · из видео');
    await expect(voice.getByText('готово')).toBeInTheDocument();
    await expect(voice.queryByRole('button')).toBeNull();
    await expect((await trackItem(view, 'Японский')).getByText(/Озвучка/)).toHaveTextContent('Озвучка · японский · из видео');
    await expect(view.getByText('Добавленных дорожек пока нет: только дорожки из видео.')).toBeInTheDocument();
  },
};

/** Added tracks in each state: «готово», «обрабатывается» with a spinner (the list is read every 2 s), «ошибка: …». */
export const WithTracks: Story = {
  parameters: { mockApi: { [TRACKS]: ok(allStates()) } },
  play: async () => {
    const view = await dialog();
    const subtitles = await trackItem(view, 'Crunchyroll');
    await expect(subtitles.getByText(/Субтитры/)).toHaveTextContent('Субтитры · русский · добавлена');
    await expect(subtitles.getByText('готово')).toBeInTheDocument();
    await expect(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' })).toBeInTheDocument();
    const processing = await trackItem(view, 'Studio Band');
    await expect(processing.getByText('обрабатывается').querySelector('.spinner')).not.toBeNull();
    await expect((await trackItem(view, 'AniDub')).getByText(`ошибка: ${TRACK_ERROR}`)).toBeInTheDocument();
    await expect(view.queryByText(/Добавленных дорожек пока нет/)).toBeNull();
  },
};

/** The list could not be read: the server's message and «Повторить». */
export const LoadError: Story = {
  parameters: { mockApi: { [TRACKS]: fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') } },
  play: async () => {
    const view = await dialog();
    await expect(await view.findByText('Не удалось загрузить дорожки')).toBeInTheDocument();
    await expect(view.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

/** «Добавить дорожку» pressed empty, then with subtitles over 5 MB: Russian messages under the fields; nothing is sent. */
export const ValidationErrors: Story = {
  play: async () => {
    const view = await dialog();
    await trackItem(view, 'AniLibria');
    await userEvent.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    await expect(view.getByText('Укажите название команды')).toBeInTheDocument();
    await expect(teamField(view)).toHaveAttribute('aria-invalid', 'true');
    await expect(view.getByText(EPISODE_TRACK_MESSAGES.fileMissing)).toBeInTheDocument();

    await userEvent.click(view.getByRole('radio', { name: 'Субтитры' }));
    await userEvent.type(teamField(view), 'Crunchyroll');
    await userEvent.upload(view.getByLabelText('Файл'), subtitleFile('season.ass', 5 * MEGABYTE + 1));
    await userEvent.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    await expect(view.getByText('Файл больше 5 МБ')).toBeInTheDocument();
    await expect(view.getByLabelText('Файл')).toHaveAttribute('aria-invalid', 'true');
    await expect(view.queryByText('Укажите название команды')).toBeNull();
  },
};

/** Subtitles and their team suggested as it is typed (a new name would create the team). */
export const TeamSuggestions: Story = {
  parameters: { mockApi: { [TEAMS]: ok({ items: [CRUNCHYROLL] }) } },
  play: async () => {
    const view = await dialog();
    await userEvent.click(view.getByRole('radio', { name: 'Субтитры' }));
    await expect(view.getByLabelText('Файл')).toHaveAttribute('accept', '.srt,.ass,.ssa,.vtt');
    await userEvent.type(teamField(view), 'Crun');
    const list = document.getElementById(teamField(view).getAttribute('list')!)!;
    await waitFor(() => expect([...list.querySelectorAll('option')].map((option) => option.value)).toEqual(['Crunchyroll']));
  },
};

/** 1 of 4 MB sent: the bar, the file's name and «Отменить»; the fields wait, and the dialog stays open. */
export const Uploading: Story = {
  decorators: [withTrackUploads(fakeTrackUploads((upload) => upload.request.onProgress(1 * MEGABYTE, 4 * MEGABYTE)).start)],
  play: async () => {
    const view = await dialog();
    await userEvent.type(teamField(view), 'Studio Band');
    await userEvent.upload(view.getByLabelText('Файл'), audioFile('naruto-03-studio-band.mka', 0));
    await userEvent.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    const bar = await view.findByRole('progressbar', { name: 'Загрузка дорожки' });
    await expect(bar).toHaveAttribute('aria-valuenow', '25');
    await expect(view.getByText('25 % · 1,0 из 4,0 МБ')).toBeInTheDocument();
    await expect(view.getByText('Загружается naruto-03-studio-band.mka')).toBeInTheDocument();
    await expect(view.getByRole('button', { name: 'Отменить загрузку дорожки' })).toHaveFocus();
    await expect(teamField(view)).toBeDisabled();
  },
};

/** The server took the file: the new track joins the list as «обрабатывается», and the form empties. */
export const Uploaded: Story = {
  decorators: [
    withTrackUploads(fakeTrackUploads((upload) => setTimeout(() => upload.resolve(processingVoice({ id: trackId(8), name: upload.request.team })), 50)).start),
  ],
  parameters: { mockApi: { [TRACKS]: [ok(trackList(sourceTracks())), ok(trackList([...sourceTracks(), processingVoice({ id: trackId(8) })]))] } },
  play: async () => {
    const view = await dialog();
    await trackItem(view, 'AniLibria');
    await userEvent.type(teamField(view), 'Studio Band');
    await userEvent.upload(view.getByLabelText('Файл'), audioFile('naruto-03-studio-band.mka', 0));
    await userEvent.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    const added = await trackItem(view, 'Studio Band');
    await expect(added.getByText('обрабатывается')).toBeInTheDocument();
    await expect(view.getByText('Дорожка «Studio Band» добавлена и обрабатывается.')).toBeInTheDocument();
    await expect(teamField(view)).toHaveValue('');
  },
};

/** The server refused the file (no audio in it): its Russian message under the form; the fields are kept. */
export const ServerError: Story = {
  decorators: [
    withTrackUploads(fakeTrackUploads((upload) => upload.reject(new ApiError(EPISODE_TRACK_MESSAGES.notAudio, 415, ErrorCode.ValidationFailed))).start),
  ],
  play: async () => {
    const view = await dialog();
    await userEvent.type(teamField(view), 'Studio Band');
    await userEvent.upload(view.getByLabelText('Файл'), audioFile('opening.mp3', 0));
    await userEvent.click(view.getByRole('button', { name: 'Добавить дорожку' }));
    await expect(await view.findByRole('alert')).toHaveTextContent(EPISODE_TRACK_MESSAGES.notAudio);
    await expect(teamField(view)).toHaveValue('Studio Band');
    await expect(view.getByRole('button', { name: 'Добавить дорожку' })).toBeEnabled();
  },
};

/** «Удалить» asks first, in the track's row; «Да, удалить» removes it from the list. */
export const RemoveConfirmation: Story = {
  parameters: {
    mockApi: {
      [TRACKS]: [ok(allStates()), ok(trackList([...sourceTracks(), processingVoice(), failedVoice()]))],
      [removeTrackRoute(trackId(3))]: ok(readySubtitles()),
    },
  },
  play: async () => {
    const view = await dialog();
    const subtitles = await trackItem(view, 'Crunchyroll');
    await userEvent.click(subtitles.getByRole('button', { name: 'Удалить дорожку «Crunchyroll»' }));
    await expect(subtitles.getByText('Удалить дорожку «Crunchyroll»? Она пропадёт из плеера этой серии.')).toBeInTheDocument();
    await expect(subtitles.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await userEvent.click(subtitles.getByRole('button', { name: 'Подтвердить удаление дорожки «Crunchyroll»' }));
    await waitFor(() => expect(view.queryByText('Crunchyroll', { selector: '.episode-track__name' })).toBeNull());
    await expect(view.getByText('Дорожка «Crunchyroll» удалена.')).toBeInTheDocument();
  },
};

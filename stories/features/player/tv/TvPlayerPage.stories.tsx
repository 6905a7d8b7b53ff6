import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import TvPlayerPage from '../../../../web/src/features/player/components/tv/TvPlayerPage';
import { fail, makeUser, ok, userSession } from '../../../support/fixtures';
import { tvAt } from '../../tv/tv-story-helpers';
import {
  PENDING,
  SUBTITLE_TRACKS,
  THUMBNAILS_URL,
  VOICE_OVERS,
  animeEpisodes,
  animeTitle,
  fakeHlsLoader,
  playTo,
  progressPoint,
  recorder,
  seekThumbnailsVtt,
  trackChoice,
  uploadedEpisode,
  videoOf,
  withHls,
} from '../player-story-helpers';

const TvPlayer = tvAt('/tv/watch/:id/:episode', TvPlayerPage);

const saves = recorder(() => ok(progressPoint(1, 0)));
const tracksSaved = recorder(() => ok(trackChoice({ audio: 'AniDub', usualAudio: 'AniDub' })));
const baseApi = {
  'GET /api/anime/20': ok(animeTitle),
  'GET /api/anime/20/episodes': ok(animeEpisodes(3)),
  'GET /api/progress': ok(null),
  'POST /api/progress': saves.handler,
  'PUT /api/users/anime/status': ok({}),
  'GET /api/anime/20/tracks': ok(trackChoice({ audio: 'AniLibria' })),
  'PUT /api/anime/20/tracks': tracksSaved.handler,
};

const meta = {
  // The TV player lives in features/player (it reuses the player's hooks); its stories sit under stories/features/player/tv.
  title: 'features/player/components/tv/TvPlayerPage',
  component: TvPlayer,
  decorators: [withHls(fakeHlsLoader())],
  parameters: { route: '/tv/watch/20/1', session: userSession, mockApi: baseApi },
} satisfies Meta<typeof TvPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The fake stream has reported its length: the progress bar knows the duration. */
const ready = async () => {
  const track = await screen.findByRole('progressbar', { name: 'Перемотка' });
  await waitFor(() => expect(track).toHaveAttribute('aria-valuemax', '1420'));
  return { track, video: videoOf(track) };
};

/** Full screen, the title and the remote's hint; the player holds the focus. */
export const Ready: Story = {
  play: async () => {
    await ready();
    await expect(screen.getByRole('heading', { level: 1, name: 'Наруто — серия 1' })).toBeInTheDocument();
    await expect(screen.getByText('ОК — пауза, ← → — 10 секунд, ↑ — качество, Назад — выйти')).toBeInTheDocument();
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
  },
};

/** Enter plays and pauses; → and ← seek 10 s. */
export const EnterAndSeek: Story = {
  play: async () => {
    const { track, video } = await ready();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(video.paused).toBe(false));
    await expect(screen.getByText('Воспроизведение')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '20'));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '10'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(video.paused).toBe(true));
    await expect(screen.getByText('Пауза')).toBeInTheDocument();
  },
};

const thumbnailsServed = recorder(() => ({ raw: seekThumbnailsVtt(), headers: { 'Content-Type': 'text/vtt; charset=utf-8' } }));

/** An uploaded episode with seek thumbnails (one a minute here): → shows the picture of the time it went to above the bar, for a moment. */
export const SeekWithThumbnails: Story = {
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [1, 2, 3].map((number) => uploadedEpisode(number, { opening: null })) }),
      [`GET ${THUMBNAILS_URL}`]: thumbnailsServed.handler,
    },
  },
  play: async () => {
    const { track } = await ready();
    await waitFor(() => expect(thumbnailsServed.bodies.length).toBeGreaterThan(0));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '70'));
    const preview = await screen.findByTestId('seek-preview');
    await expect(preview).toHaveTextContent('1:10');
    // The second thumbnail (1:00–2:00) of the generated sprite.
    await expect(preview.querySelector<HTMLElement>('.seek-preview__picture')?.style.backgroundPosition).toBe('-160px 0px');
    await waitFor(() => expect(screen.queryByTestId('seek-preview')).not.toBeInTheDocument(), { timeout: 3000 });
  },
};

/** ↑ opens the quality row on the current choice; → moves, Enter picks 720p, the row closes. */
export const QualityRow: Story = {
  play: async () => {
    await ready();
    await userEvent.keyboard('{ArrowUp}');
    const row = within(await screen.findByRole('group', { name: 'Качество видео' }));
    await waitFor(() => expect(row.getByRole('button', { name: 'Авто' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(row.getByRole('button', { name: '720p' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Качество видео' })).not.toBeInTheDocument());
    await expect(screen.getByText('Качество: 720p')).toBeInTheDocument();
  },
};

/** Back with the quality row open closes the row; Back again leaves for the title's TV page. */
export const BackReturns: Story = {
  play: async () => {
    await ready();
    await userEvent.keyboard('{ArrowUp}');
    await screen.findByRole('group', { name: 'Качество видео' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Качество видео' })).not.toBeInTheDocument());
    await expect(screen.queryByTestId('went-to')).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent('/tv/anime/:id');
  },
};

/** Resumed from the saved point, with the viewer's "skip openings" on. */
export const Resumed: Story = {
  parameters: {
    session: { token: 'story-token', user: makeUser({ skipOpening: true }) },
    mockApi: { ...baseApi, 'GET /api/progress': ok(progressPoint(1, 200)) },
  },
  play: async () => {
    const { track } = await ready();
    await expect(screen.getByText('Продолжаем с 3:20')).toBeInTheDocument();
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '200'));
  },
};

/** Into the opening with "skip openings" on: jumped over, with a notice. */
export const OpeningSkipped: Story = {
  parameters: { session: { token: 'story-token', user: makeUser({ skipOpening: true }) } },
  play: async () => {
    const { video, track } = await ready();
    playTo(video, 40);
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '120'));
    await expect(screen.getByText('Опенинг пропущен')).toBeInTheDocument();
  },
};

/** Into the opening without the setting: a focused "Пропустить опенинг"; Enter jumps past it and the player takes the keys again. */
export const SkipOffered: Story = {
  play: async () => {
    const { video, track } = await ready();
    playTo(video, 40);
    const skip = await screen.findByRole('button', { name: 'Пропустить опенинг' });
    await waitFor(() => expect(skip).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    // The player takes the keys at once, before the button has gone: the next Enter pauses.
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '120'));
    await expect(screen.queryByRole('button', { name: 'Пропустить опенинг' })).not.toBeInTheDocument();
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
  },
};

/** An episode that opens with its opening at 0:00: the skip button has the focus from the first frame. */
export const SkipOfferedAtStart: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/episodes': ok(animeEpisodes(3, { opening: { start: 0, end: 90 } })) } },
  play: async () => {
    const { track } = await ready();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Пропустить опенинг' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(track).toHaveAttribute('aria-valuenow', '90'));
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
  },
};

/** At the end: "Дальше — серия 2" has the focus; Enter goes on. */
export const NextEpisode: Story = {
  play: async () => {
    const { video } = await ready();
    playTo(video, 1420);
    const next = await screen.findByRole('button', { name: 'Дальше — серия 2' });
    await waitFor(() => expect(next).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('heading', { level: 1, name: 'Наруто — серия 2' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/episodes': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем плеер...')).toBeInTheDocument();
  },
};

export const StreamError: Story = {
  decorators: [withHls(fakeHlsLoader({ fail: 'network' }))],
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Видео не загрузилось: проверьте подключение к интернету.');
    await waitFor(() => expect(within(alert).getByRole('button', { name: 'Повторить' })).toHaveFocus());
  },
};

/** A wrong episode: a message with a focused "Назад"; Enter returns to the title. */
export const EpisodeNotFound: Story = {
  parameters: { route: '/tv/watch/20/9' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Серия не найдена' })).toBeInTheDocument();
    const back = screen.getByRole('button', { name: 'Назад' });
    await waitFor(() => expect(back).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent('/tv/anime/:id');
  },
};

export const AnimeNotFound: Story = {
  parameters: { route: '/tv/watch/999/1', mockApi: { 'GET /api/anime/999/episodes': fail(404, ErrorCode.NotFound, 'Аниме не найдено') } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Аниме не найдено' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(await screen.findByTestId('went-to')).toHaveTextContent('/tv/anime/:id');
  },
};

export const NoEpisodes: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Серии пока недоступны' })).toBeInTheDocument();
  },
};

/**
 * Three voice-overs and subtitles: the bar names them and the hint says ↑ reaches them; ↑ opens the rows
 * (quality, «Озвучка», «Субтитры»), ↓ goes down to the voice-over on the current one (AniLibria, as
 * chosen for the title), → moves to AniDub, Enter picks it: saved, the rows close, the bar says so.
 */
export const TracksRows: Story = {
  decorators: [withHls(fakeHlsLoader({ audioTracks: VOICE_OVERS, subtitleTracks: SUBTITLE_TRACKS }))],
  play: async () => {
    await ready();
    await waitFor(() => expect(screen.getByText('Озвучка: AniLibria (русский)')).toBeInTheDocument());
    await expect(screen.getByText('Субтитры: выключены')).toBeInTheDocument();
    await expect(screen.getByText('ОК — пауза, ← → — 10 секунд, ↑ — качество, озвучка и субтитры, Назад — выйти')).toBeInTheDocument();

    await userEvent.keyboard('{ArrowUp}');
    const quality = within(await screen.findByRole('group', { name: 'Качество видео' }));
    await waitFor(() => expect(quality.getByRole('button', { name: 'Авто' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    const voiceOvers = within(screen.getByRole('group', { name: 'Озвучка' }));
    await expect(voiceOvers.getByRole('button', { name: 'AniLibria (русский)' })).toHaveFocus();
    await expect(voiceOvers.getByRole('button', { name: 'AniLibria (русский)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(screen.getByRole('group', { name: 'Субтитры' })).getByRole('button', { name: 'Выключены' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(voiceOvers.getByRole('button', { name: 'AniDub (русский)' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('group', { name: 'Озвучка' })).not.toBeInTheDocument());
    await expect(screen.getByText('Озвучка: AniDub (русский)')).toBeInTheDocument();
    await waitFor(() => expect(tracksSaved.bodies.at(-1)).toEqual({ kind: 'audio', name: 'AniDub' }));
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
  },
};

/** ↓ from the last row (the subtitles) closes the rows, as ↓ hides the controls. */
export const TracksRowsClosedFromBelow: Story = {
  decorators: [withHls(fakeHlsLoader({ audioTracks: VOICE_OVERS, subtitleTracks: SUBTITLE_TRACKS }))],
  play: async () => {
    await ready();
    await screen.findByText('Озвучка: AniLibria (русский)');
    await userEvent.keyboard('{ArrowUp}');
    await screen.findByRole('group', { name: 'Качество видео' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(screen.getByRole('group', { name: 'Субтитры' })).getByRole('button', { name: 'Выключены' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Субтитры' })).not.toBeInTheDocument());
    await expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus();
  },
};

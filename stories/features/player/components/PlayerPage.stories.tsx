import { ErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import PlayerPage from '../../../../web/src/features/player/components/PlayerPage';
import type { HlsInstance } from '../../../../web/src/shared/video/use-hls-source';
import { fail, makeUser, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';
import {
  AT_375,
  PENDING,
  SUBTITLE_TRACKS,
  THUMBNAILS_URL,
  VOICE_OVERS,
  animeEpisodes,
  animeTitle,
  episode,
  fakeHlsLoader,
  playTo,
  progressPoint,
  recorder,
  refusePlayUntilGesture,
  seekThumbnailsVtt,
  trackChoice,
  uploadedEpisode,
  videoOf,
  viewerEntry,
  withHls,
} from '../player-story-helpers';

/** Stands in for the watch party's button, which the app passes in (features may not import each other). */
const PartyButton = () => <button type="button">Смотреть вместе</button>;
const EPISODE_ACTIONS = [PartyButton];
const PlayerRoute = pageAtRoute('/watch/:id/:episode', () => <PlayerPage episodeActions={EPISODE_ACTIONS} />);

const saves = recorder(() => ok(progressPoint(1, 0)));
const watched = recorder(() => ok({}));
const tracksSaved = recorder((request) => {
  const { kind, name } = request.body as { kind: 'audio' | 'subtitles'; name: string | null };
  return ok(trackChoice(kind === 'audio' ? { audio: name, usualAudio: name } : { subtitles: name, subtitlesChosen: true }));
});

const baseApi = {
  'GET /api/anime/20': ok(animeTitle),
  'GET /api/anime/20/episodes': ok(animeEpisodes(3)),
  'GET /api/progress': ok(null),
  'POST /api/progress': saves.handler,
  'PUT /api/users/anime/status': watched.handler,
  'GET /api/users/anime/20': ok(null),
  'GET /api/anime/20/tracks': ok(trackChoice()),
  'PUT /api/anime/20/tracks': tracksSaved.handler,
};

const meta = {
  title: 'features/player/components/PlayerPage',
  component: PlayerRoute,
  decorators: [withHls(fakeHlsLoader())],
  parameters: { route: '/watch/20/1', session: userSession, mockApi: baseApi },
} satisfies Meta<typeof PlayerRoute>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the fake stream to report its length (the seek bar turns on). */
const ready = async () => {
  const seek = await screen.findByRole('slider', { name: 'Перемотка' });
  await waitFor(() => expect(seek).toBeEnabled());
  return videoOf(seek);
};

export const Loading: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/episodes': PENDING } },
  play: async () => {
    await expect(await screen.findByText('Загружаем плеер...')).toBeInTheDocument();
  },
};

const TITLE_ART = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300"><rect width="200" height="300" fill="#c2410c"/></svg>')}`;

/** The stream still starting: the title's art fills the player's box under the spinner, as the page shell drew it before the script. */
export const StartingWithTitleArt: Story = {
  decorators: [withHls(() => new Promise(() => undefined))],
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20': ok({ ...animeTitle, poster: TITLE_ART }) } },
  play: async ({ canvasElement }) => {
    const player = await screen.findByRole('region', { name: 'Видеоплеер' });
    await waitFor(() => expect(canvasElement.querySelector('.player > img.player__poster')).toHaveAttribute('src', TITLE_ART));
    await expect(within(player).getByRole('status')).toBeInTheDocument();
  },
};

const streamsStarted: HlsInstance[] = [];

/**
 * A phone's first visit (no tap on the page yet): the browser will not start a video with sound by itself,
 * so the title's art waits with a play button, without a spinner, and nothing of the stream loads until
 * the viewer presses it.
 */
export const AwaitingPlay: Story = {
  decorators: [withHls(fakeHlsLoader({ onCreate: (hls) => streamsStarted.push(hls) }))],
  beforeEach: () => {
    streamsStarted.length = 0;
    return refusePlayUntilGesture();
  },
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/anime/20': ok({ ...animeTitle, poster: TITLE_ART }),
      // An opening from the first second: the time before the stream (0) is inside it.
      'GET /api/anime/20/episodes': ok(animeEpisodes(3, { opening: { start: 0, end: 90 } })),
    },
  },
  play: async ({ canvasElement }) => {
    const start = await screen.findByRole('button', { name: 'Начать просмотр' });
    await expect(canvasElement.querySelector('.player > img.player__poster')).toHaveAttribute('src', TITLE_ART);
    await expect(within(screen.getByRole('region', { name: 'Видеоплеер' })).queryByRole('status')).not.toBeInTheDocument();
    await expect(streamsStarted).toHaveLength(0);
    // No offer to skip an opening the viewer has not reached: the time is no position before the stream.
    await expect(screen.queryByRole('button', { name: 'Пропустить опенинг' })).not.toBeInTheDocument();

    await userEvent.click(start);

    await ready();
    await expect(streamsStarted).toHaveLength(1);
    await expect(screen.queryByRole('button', { name: 'Начать просмотр' })).not.toBeInTheDocument();
  },
};

/** The same at 375 px, where a phone's first visit happens. */
export const AwaitingPlayOnAPhone: Story = {
  ...AwaitingPlay,
  parameters: { ...AwaitingPlay.parameters, ...AT_375.parameters },
  globals: AT_375.globals,
};

export const NoEpisodes: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [] }) } },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Серии пока недоступны' })).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'К странице аниме' })).toHaveAttribute('href', '/anime/20');
  },
};

export const EpisodeNotFound: Story = {
  parameters: { route: '/watch/20/9' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Серия не найдена' })).toBeInTheDocument();
    await expect(screen.getByText('У этого аниме 3 серии. Выберите серию из списка.')).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Смотреть с первой серии' })).toHaveAttribute('href', '/watch/20/1');
    await expect(within(screen.getByRole('list', { name: 'Серии' })).getAllByRole('link')).toHaveLength(3);
  },
};

export const AnimeNotFound: Story = {
  parameters: {
    route: '/watch/999/1',
    mockApi: { 'GET /api/anime/999/episodes': fail(404, ErrorCode.NotFound, 'Аниме не найдено') },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Аниме не найдено' })).toBeInTheDocument();
  },
};

export const EpisodesLoadError: Story = {
  parameters: {
    mockApi: { ...baseApi, 'GET /api/anime/20/episodes': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') },
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Не удалось загрузить серии' })).toBeInTheDocument();
    await expect(screen.getByText('Сервис временно недоступен')).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  },
};

export const StreamError: Story = {
  decorators: [withHls(fakeHlsLoader({ fail: 'network' }))],
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Не удалось воспроизвести видео' })).toBeInTheDocument();
    await expect(alert).toHaveTextContent('Видео не загрузилось: проверьте подключение к интернету.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    // The fake fails again: the error comes back after the retry.
    await expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось воспроизвести видео');
  },
};

export const UnsupportedBrowser: Story = {
  decorators: [withHls(fakeHlsLoader({ unsupported: true }))],
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Ваш браузер не умеет воспроизводить этот поток.');
  },
};

/** Playing, with the quality menu open: "Авто" plays 720p now; choosing 1080p pins it. */
export const QualityMenuOpen: Story = {
  play: async () => {
    await ready();
    await expect(screen.getByRole('heading', { level: 1, name: 'Наруто — серия 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Качество: Авто (720p)' }));
    let menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent?.replace('✓', ''))).toEqual(['Авто', '1080p', '720p', '480p']);
    await expect(within(menu).getByRole('menuitemradio', { name: /Авто/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: '1080p' }));
    const trigger = await screen.findByRole('button', { name: 'Качество: 1080p' });
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.click(trigger);
    menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: /1080p/ })).toHaveAttribute('aria-checked', 'true');
  },
};

/** Inside the opening: the "Пропустить опенинг" button jumps to its end. */
export const SkipOpeningButton: Story = {
  play: async () => {
    const video = await ready();
    playTo(video, 40);
    const skip = await screen.findByRole('button', { name: 'Пропустить опенинг' });
    await expect(skip).toBeVisible();
    await userEvent.click(skip);
    await expect(video.currentTime).toBe(120);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Пропустить опенинг' })).not.toBeInTheDocument());
  },
};

/** The viewer's "skip openings" setting is on: the player jumps by itself and says so. */
export const SkipOpeningAutomatically: Story = {
  parameters: { session: { token: 'story-token', user: makeUser({ skipOpening: true }) } },
  play: async () => {
    const video = await ready();
    playTo(video, 31);
    await expect(await screen.findByText('Опенинг пропущен')).toBeInTheDocument();
    await expect(video.currentTime).toBe(120);
    await expect(screen.queryByRole('button', { name: 'Пропустить опенинг' })).not.toBeInTheDocument();
  },
};

export const HelpOverlay: Story = {
  play: async () => {
    await ready();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Горячие клавиши' });
    await expect(help).toHaveTextContent('Воспроизведение / пауза');
    await expect(help).toHaveTextContent('Назад на 10 секунд');
    await expect(help).toHaveTextContent('Следующая серия');
    await expect(within(help).getByRole('button', { name: 'Закрыть' })).toHaveFocus();
  },
};

/** Space plays, L and → go forward 10 s, J and ← back, M mutes, ↓ turns the volume down. */
export const KeyboardShortcuts: Story = {
  play: async () => {
    const video = await ready();
    // No click first: the player takes the focus when it opens.
    await waitFor(() => expect(screen.getByRole('region', { name: 'Видеоплеер' })).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(await screen.findByRole('button', { name: 'Пауза' })).toBeInTheDocument();
    await userEvent.keyboard('l');
    await expect(video.currentTime).toBe(10);
    await userEvent.keyboard('{ArrowRight}');
    await expect(video.currentTime).toBe(20);
    await userEvent.keyboard('j');
    await expect(video.currentTime).toBe(10);
    await userEvent.keyboard('m');
    await expect(await screen.findByRole('button', { name: 'Включить звук' })).toBeInTheDocument();
    await userEvent.keyboard('k');
    await expect(await screen.findByRole('button', { name: 'Смотреть' })).toBeInTheDocument();
    // Pausing saved the position.
    await waitFor(() => expect(saves.bodies.at(-1)).toEqual({ animeId: 20, episode: 1, position: 10, duration: 1420 }));
  },
};

/** A saved point: the player resumes there and offers to start over. */
export const Resumed: Story = {
  parameters: { mockApi: { ...baseApi, 'GET /api/progress': ok(progressPoint(1, 754)) } },
  play: async () => {
    const video = await ready();
    const notice = await screen.findByText('Продолжаем с 12:34');
    await expect(notice).toBeInTheDocument();
    await waitFor(() => expect(video.currentTime).toBe(754));
    await userEvent.click(screen.getByRole('button', { name: 'Начать сначала' }));
    await expect(video.currentTime).toBe(0);
  },
};

/** The ending has started: the episode is recorded as watched and the next one is offered. */
export const NextEpisodePrompt: Story = {
  play: async () => {
    const video = await ready();
    playTo(video, 1300);
    const prompt = await screen.findByRole('region', { name: 'Дальше — серия 2' });
    await expect(within(prompt).getByRole('button', { name: 'Смотреть сейчас' })).toBeInTheDocument();
    await waitFor(() => expect(watched.bodies.at(-1)).toEqual({ animeId: 20, watchedEpisode: 1 }));
    await expect(screen.getByRole('link', { name: 'Следующая серия: 2' })).toHaveAttribute('href', '/watch/20/2');
    await expect(screen.getByRole('link', { name: /Серия 1/, current: 'page' })).toBeInTheDocument();
  },
};

/** The episode has ended: a countdown to the next one. */
export const NextEpisodeCountdown: Story = {
  play: async () => {
    const video = await ready();
    playTo(video, 1420);
    await expect(await screen.findByText(/Переход через 5 секунд/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await expect(screen.queryByRole('region', { name: 'Дальше — серия 2' })).not.toBeInTheDocument();
  },
};

export const LastEpisode: Story = {
  parameters: { route: '/watch/20/3' },
  play: async () => {
    await ready();
    await expect(screen.getByRole('heading', { level: 1, name: 'Наруто — серия 3' })).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: /Следующая серия/ })).not.toBeInTheDocument();
    // Other features' controls (the watch party) sit under an HLS episode.
    await expect(screen.getByRole('button', { name: 'Смотреть вместе' })).toBeInTheDocument();
  },
};

/** The viewer's list entry marks the episodes they watched: those recorded, else those up to the progress. */
export const WatchedMarks: Story = {
  parameters: { route: '/watch/20/3', mockApi: { ...baseApi, 'GET /api/users/anime/20': ok(viewerEntry({ progress: 2 })) } },
  play: async () => {
    await ready();
    const list = screen.getByRole('list', { name: 'Серии' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /Серия 1/ })).toHaveTextContent('просмотрено'));
    await expect(within(list).getByRole('link', { name: /Серия 2/ })).toHaveTextContent('просмотрено');
    await expect(within(list).getByRole('link', { name: /Серия 3/ })).not.toHaveTextContent('просмотрено');
  },
};

const iframeApi = {
  ...baseApi,
  'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [episode(1, { source: { kind: 'iframe', url: 'https://player.invalid/embed/1' } })] }),
};

/** An external player: no watch party (it cannot be kept in sync) and a button to record the episode by hand. */
export const IframeSource: Story = {
  parameters: { mockApi: iframeApi },
  play: async () => {
    const frame = await screen.findByTitle('Плеер: серия 1');
    await expect(frame).toHaveAttribute('src', 'https://player.invalid/embed/1');
    await expect(frame).toHaveAttribute('allowfullscreen');
    await expect(screen.getByRole('button', { name: 'Отметить серию просмотренной' })).toBeEnabled();
    await expect(screen.queryByRole('button', { name: 'Смотреть вместе' })).not.toBeInTheDocument();
  },
};

/** The viewer marks the episode: sent as the HLS player sends it, then shown as done. */
export const IframeMarkedWatched: Story = {
  parameters: { mockApi: iframeApi },
  play: async () => {
    const sent = watched.bodies.length;
    await userEvent.click(await screen.findByRole('button', { name: 'Отметить серию просмотренной' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Серия отмечена просмотренной');
    await expect(watched.bodies.slice(sent)).toEqual([{ animeId: 20, watchedEpisode: 1 }]);
    await expect(screen.queryByRole('button', { name: 'Отметить серию просмотренной' })).not.toBeInTheDocument();
  },
};

export const IframeMarking: Story = {
  parameters: { mockApi: { ...iframeApi, 'PUT /api/users/anime/status': PENDING } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Отметить серию просмотренной' }));
    await expect(await screen.findByRole('button', { name: 'Отмечаем...' })).toBeDisabled();
  },
};

export const IframeMarkFailed: Story = {
  parameters: {
    mockApi: { ...iframeApi, 'PUT /api/users/anime/status': fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен') },
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Отметить серию просмотренной' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Не удалось отметить серию: Сервис временно недоступен'));
    await expect(screen.getByRole('button', { name: 'Отметить серию просмотренной' })).toBeEnabled();
  },
};

/** Already in the viewer's watched episodes: shown as done from the start. */
export const IframeAlreadyWatched: Story = {
  parameters: { mockApi: { ...iframeApi, 'GET /api/users/anime/20': ok(viewerEntry({ progress: 1, watchedEpisodes: [1] })) } },
  play: async () => {
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Серия отмечена просмотренной'));
    await expect(screen.queryByRole('button', { name: 'Отметить серию просмотренной' })).not.toBeInTheDocument();
  },
};

/** A guest has no list to record into. */
export const IframeGuest: Story = {
  parameters: { session: null, mockApi: iframeApi },
  play: async () => {
    await expect(await screen.findByTitle('Плеер: серия 1')).toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Отметить серию просмотренной' })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = {
  ...AT_375,
  play: async () => {
    await ready();
    await expect(screen.getByRole('button', { name: 'Во весь экран' })).toBeInTheDocument();
  },
};

// The voice-over and subtitles menu ---------------------------------------------------------------

/** An uploaded episode: three voice-overs (the original, AniLibria, AniDub) and two subtitles. */
const withTracks = withHls(fakeHlsLoader({ audioTracks: VOICE_OVERS, subtitleTracks: SUBTITLE_TRACKS }));
const TRACKS_BUTTON = 'Озвучка и субтитры';

const openTrackMenu = async () => {
  await userEvent.click(await screen.findByRole('button', { name: TRACKS_BUTTON }));
  return screen.findByRole('menu', { name: TRACKS_BUTTON });
};

/** The items of a group of the menu, and the one checked. */
const groupOf = (menu: HTMLElement, name: 'Озвучка' | 'Субтитры') => {
  const items = within(within(menu).getByRole('group', { name })).getAllByRole('menuitemradio');
  return {
    labels: items.map((item) => item.textContent?.replace('✓', '')),
    checked: items.find((item) => item.getAttribute('aria-checked') === 'true')?.textContent?.replace('✓', ''),
  };
};

/** The bar's «Озвучка и субтитры» button beside the quality, the menu closed; AniLibria plays, as chosen for the title. */
export const TracksMenuClosed: Story = {
  decorators: [withTracks],
  parameters: { mockApi: { ...baseApi, 'GET /api/anime/20/tracks': ok(trackChoice({ audio: 'AniLibria', usualAudio: 'AniLibria' })) } },
  play: async () => {
    await ready();
    const button = await screen.findByRole('button', { name: TRACKS_BUTTON });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.getByRole('button', { name: /^Качество/ })).toBeInTheDocument();
    await expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  },
};

/**
 * The menu open: «Озвучка» with the three voice-overs (their language in brackets), «Субтитры» with
 * «Выключены» and both; the viewer switches to AniDub (saved), and the menu shows it when opened again.
 */
export const TracksMenuOpen: Story = {
  decorators: [withTracks],
  parameters: {
    mockApi: { ...baseApi, 'GET /api/anime/20/tracks': ok(trackChoice({ audio: 'AniLibria', subtitles: 'Kitsune', subtitlesChosen: true })) },
  },
  play: async () => {
    await ready();
    let menu = await openTrackMenu();
    await expect(groupOf(menu, 'Озвучка')).toEqual({
      labels: ['Оригинал (японский)', 'AniLibria (русский)', 'AniDub (русский)'],
      checked: 'AniLibria (русский)',
    });
    await expect(groupOf(menu, 'Субтитры')).toEqual({ labels: ['Выключены', 'Crunchyroll (английский)', 'Kitsune (русский)'], checked: 'Kitsune (русский)' });

    const sent = tracksSaved.bodies.length;
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /AniDub/ }));
    await waitFor(() => expect(tracksSaved.bodies.slice(sent)).toEqual([{ kind: 'audio', name: 'AniDub' }]));
    menu = await openTrackMenu();
    await expect(groupOf(menu, 'Озвучка').checked).toBe('AniDub (русский)');
  },
};

/** Subtitles turned off for this title: «Выключены» is checked although the viewer usually reads Kitsune's. */
export const TracksSubtitlesOff: Story = {
  decorators: [withTracks],
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/anime/20/tracks': ok(trackChoice({ audio: 'Оригинал', subtitles: null, subtitlesChosen: true, usualSubtitles: 'Kitsune' })),
    },
  },
  play: async () => {
    await ready();
    const menu = await openTrackMenu();
    await expect(groupOf(menu, 'Субтитры').checked).toBe('Выключены');
    await expect(groupOf(menu, 'Озвучка').checked).toBe('Оригинал (японский)');
  },
};

/** A guest: nothing asked of the server; the choice stored in this browser for the title (AniDub) plays, a new one is stored. */
export const TracksGuest: Story = {
  decorators: [withTracks],
  parameters: { session: null },
  beforeEach: () => {
    window.localStorage.setItem('player:tracks:20', JSON.stringify({ audio: 'AniDub', subtitles: null, subtitlesChosen: false }));
  },
  play: async () => {
    await ready();
    const sent = tracksSaved.bodies.length;
    const menu = await openTrackMenu();
    await expect(groupOf(menu, 'Озвучка').checked).toBe('AniDub (русский)');
    await expect(groupOf(menu, 'Субтитры').checked).toBe('Выключены');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /Crunchyroll/ }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('player:tracks:20') ?? 'null')).toEqual({
        audio: 'AniDub',
        subtitles: 'Crunchyroll',
        subtitlesChosen: true,
      }),
    );
    await expect(tracksSaved.bodies.length).toBe(sent);
  },
};

const seekTrackServed = recorder(() => ({ raw: seekThumbnailsVtt(), headers: { 'Content-Type': 'text/vtt; charset=utf-8' } }));

/**
 * An uploaded episode with seek thumbnails (one a minute here): the track is read once the stream is
 * there; a pointer over the bar shows the picture of its time above it, and leaving the bar hides it.
 */
export const SeekThumbnailsOnHover: Story = {
  parameters: {
    mockApi: {
      ...baseApi,
      'GET /api/anime/20/episodes': ok({ animeId: 20, episodes: [1, 2, 3].map((number) => uploadedEpisode(number)) }),
      [`GET ${THUMBNAILS_URL}`]: seekTrackServed.handler,
    },
  },
  play: async () => {
    await ready();
    await waitFor(() => expect(seekTrackServed.bodies.length).toBeGreaterThan(0));
    const seek = screen.getByRole('slider', { name: 'Перемотка' });
    // The bar 1000 px wide from the page's left edge (jsdom lays nothing out): x = 500 is the middle, 11:50.
    seek.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, right: 1000, bottom: 24, width: 1000, height: 24, toJSON: () => ({}) });

    fireEvent.pointerMove(seek, { clientX: 500, pointerType: 'mouse' });

    const preview = await screen.findByTestId('seek-preview');
    await expect(preview).toHaveTextContent('11:50');
    // The 12th thumbnail (11:00–12:00): second in the second row of the generated sprite.
    await expect(preview.querySelector<HTMLElement>('.seek-preview__picture')?.style.backgroundPosition).toBe('-160px -90px');
    // Off the bar (React makes its pointerleave of the pointerout).
    fireEvent.pointerOut(seek, { pointerType: 'mouse', relatedTarget: document.body });
    await waitFor(() => expect(screen.queryByTestId('seek-preview')).not.toBeInTheDocument());
  },
};

import { ErrorCode, WATCH_PARTY_MESSAGES, WatchPartyErrorCode } from '@portal/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PartySocketContext } from '../../../../web/src/features/watch-party/api/watch-party-socket';
import { WatchPartyPage } from '../../../../web/src/features/watch-party/components/WatchPartyPage';
import type { VideoSourceHook } from '../../../../web/src/features/watch-party/lib/video-source';
import { fakePartyHlsLoader } from '../../../../web/src/features/watch-party/testing/fake-party-hls';
import { HlsLoaderContext } from '../../../../web/src/shared/video/use-hls-source';
import {
  fakePartyConnector,
  makePartyMember,
  makePartyMessage,
  makePartyState,
  type FakePartyScript,
} from '../../../../web/src/features/watch-party/testing/fake-party-socket';
import { fail, ok, userSession } from '../../../support/fixtures';
import { pageAtRoute } from '../../../support/page-at-route';

/** The room's socket as a story scripts it (see fake-party-socket). */
interface PartyStoryParameters {
  party?: FakePartyScript;
}

const ROOM = 'Room12345678';
const me = userSession.user;
const sent: Array<[string, unknown]>[] = [];
/** How many times the story's socket was refused. */
let refusals: () => number = () => 0;
/** No stream in the workbench: the video element stays empty. */
const noVideo: VideoSourceHook = () => ({ error: null, retry: () => undefined });

const memberState = makePartyState({
  members: [
    makePartyMember({ isHost: true }),
    makePartyMember({ userId: me.id, username: me.username }),
    makePartyMember({ userId: 'u-3', username: 'kakashi', connected: false }),
  ],
});
const hostState = makePartyState({
  hostUserId: me.id,
  members: [makePartyMember({ userId: me.id, username: me.username, isHost: true }), makePartyMember()],
});

const episodes = {
  animeId: 20,
  episodes: [1, 2, 3].map((number) => ({
    animeId: 20,
    number,
    title: null,
    durationSeconds: 1380,
    source: { kind: 'hls', url: `/media/sample/${number}/master.m3u8`, qualities: [360, 720] },
    opening: null,
    ending: null,
  })),
};

/** The viewer's voice-over for the title (GET /api/anime/20/tracks): the host's is sent to a room without tracks. */
const tracksChoice = (audio: string | null) => ({ animeId: 20, audio, subtitles: null, subtitlesChosen: false, usualAudio: audio, usualSubtitles: null });

const Page = pageAtRoute('/watch-party/:roomId', () => <WatchPartyPage useVideoSource={noVideo} />);
/** The page with its own stream, on a fake hls.js whose episode has three voice-overs and two subtitles. */
const PageWithTracks = pageAtRoute('/watch-party/:roomId', () => <WatchPartyPage />);
const withTracks = () => (
  <HlsLoaderContext.Provider value={fakePartyHlsLoader()}>
    <PageWithTracks />
  </HlsLoaderContext.Provider>
);

const meta = {
  title: 'features/watch-party/components/WatchPartyPage',
  component: Page,
  parameters: {
    route: `/watch-party/${ROOM}`,
    session: userSession,
    mockApi: {
      [`GET /api/watch-party/${ROOM}`]: ok(memberState),
      'GET /api/anime/20': ok({ id: 20, title: 'Naruto', titleRu: 'Наруто' }),
      'GET /api/anime/20/episodes': ok(episodes),
      'GET /api/anime/20/tracks': ok(tracksChoice(null)),
    },
    party: {
      onJoin: [
        ['state', memberState],
        ['chat-history', [makePartyMessage()]],
      ],
    },
  },
  decorators: [
    (Story, context) => {
      const { party = {} } = context.parameters as PartyStoryParameters;
      const connector = fakePartyConnector(party);
      sent.splice(0, sent.length, connector.sent);
      refusals = connector.refusals;
      return (
        <PartySocketContext.Provider value={connector}>
          <Story />
        </PartySocketContext.Provider>
      );
    },
  ],
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

const emitted = () => sent[0] ?? [];

export const Connecting: Story = {
  parameters: { party: { connects: false } },
  play: async () => {
    await screen.findByText('Подключаемся к комнате…');
  },
};

export const RoomNotFound: Story = {
  parameters: { mockApi: { [`GET /api/watch-party/${ROOM}`]: fail(404, ErrorCode.NotFound, 'Комната не найдена или уже закрыта') } },
  play: async () => {
    await screen.findByRole('heading', { name: 'Комната не найдена' });
    await expect(screen.getByRole('link', { name: 'В каталог' })).toHaveAttribute('href', '/catalog');
  },
};

export const ClosedWhileJoining: Story = {
  parameters: { party: { onJoin: [['error', { code: WatchPartyErrorCode.RoomNotFound, message: 'Комната не найдена или уже закрыта', event: 'join' }]] } },
  play: async () => {
    await screen.findByRole('heading', { name: 'Комната не найдена' });
  },
};

export const NeedsLogin: Story = {
  parameters: { session: null },
  play: async () => {
    await screen.findByRole('heading', { name: 'Войдите, чтобы смотреть вместе' });
    await expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  },
};

/** Signed in here, but the room's socket refuses the session (it expired meanwhile): the same invitation to sign in. */
export const SessionRefusedBySocket: Story = {
  parameters: { party: { refuses: { message: WATCH_PARTY_MESSAGES.signInRequired, code: ErrorCode.Unauthorized } } },
  play: async () => {
    await screen.findByRole('heading', { name: 'Войдите, чтобы смотреть вместе' });
  },
};

/** A refusal that is not about the session (no code; its text is for people, not matched) leaves the page connecting. */
export const RefusedForAnotherReason: Story = {
  parameters: { party: { refuses: { message: 'Не удалось войти в комнату: сервер перегружен' } } },
  play: async () => {
    await waitFor(() => expect(refusals()).toBe(1));
    await screen.findByText('Подключаемся к комнате…');
    await expect(screen.queryByRole('heading', { name: 'Войдите, чтобы смотреть вместе' })).not.toBeInTheDocument();
  },
};

export const Member: Story = {
  play: async () => {
    await screen.findByText('Управляет ведущий: hinata');
    const video = screen.getByLabelText('Видео совместного просмотра');
    await expect(video).not.toHaveAttribute('controls');
    const members = within(screen.getByRole('region', { name: 'Участники (3)' }));
    const host = members.getByText('hinata').closest('li')!;
    await expect(within(host as HTMLElement).getByText('Ведущий')).toBeInTheDocument();
    const offline = members.getByText('kakashi').closest('li')!;
    await expect(within(offline as HTMLElement).getByText('отключился')).toBeInTheDocument();
    await expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Совместный просмотр: Наруто');
    await expect(screen.getByRole('textbox', { name: 'Ссылка на комнату' })).toHaveValue(`${window.location.origin}/watch-party/${ROOM}`);
    await expect(emitted().some(([event, payload]) => event === 'join' && (payload as { roomId: string }).roomId === ROOM)).toBe(true);
  },
};

/** The server may list the episodes out of order: the host's switch offers them by number all the same. */
export const Host: Story = {
  parameters: {
    mockApi: {
      [`GET /api/watch-party/${ROOM}`]: ok(hostState),
      'GET /api/anime/20/episodes': ok({ ...episodes, episodes: [...episodes.episodes].reverse() }),
    },
    party: { onJoin: [['state', hostState]] },
  },
  play: async () => {
    await screen.findByText('Вы ведущий: ваши play, пауза и перемотка видны всем');
    await expect(screen.getByLabelText('Видео совместного просмотра')).toHaveAttribute('controls');
    await waitFor(() => expect(Array.from((screen.getByRole('combobox') as HTMLSelectElement).options).map((option) => option.value)).toEqual(['1', '2', '3']));
    await userEvent.selectOptions(screen.getByRole('combobox'), '2');
    await waitFor(() => expect(emitted()).toContainEqual(['episode', { episode: 2 }]));
  },
};

export const HostLeftHandOver: Story = {
  parameters: {
    party: {
      onJoin: [['state', memberState]],
      later: [
        ['state', { ...hostState, version: 9 }],
        ['host-changed', { hostUserId: me.id, hostUsername: me.username, previousHostUserId: 'u-2', reason: 'timeout' }],
      ],
    },
  },
  play: async () => {
    await screen.findByText('Теперь вы ведущий и управляете просмотром.');
    await screen.findByText('Вы ведущий: ваши play, пауза и перемотка видны всем');
  },
};

export const HostAway: Story = {
  parameters: {
    party: {
      onJoin: [
        [
          'state',
          { ...memberState, hostGraceUntil: Date.now() + 10_000, members: memberState.members.map((m) => (m.isHost ? { ...m, connected: false } : m)) },
        ],
      ],
    },
  },
  play: async () => {
    await screen.findByText('hinata отключился — ждём его возвращения');
  },
};

export const Reconnecting: Story = {
  parameters: { party: { onJoin: [['state', memberState]], later: [['disconnect']] } },
  play: async () => {
    await screen.findByText('Связь потеряна, переподключаемся…');
    await expect(screen.getByRole('button', { name: 'Отправить' })).toBeDisabled();
  },
};

export const Chat: Story = {
  play: async () => {
    const log = await screen.findByRole('log', { name: 'Сообщения комнаты' });
    await within(log).findByText('Всем привет, начинаем?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Сообщение в чат комнаты' }), '  <b>Да!</b>  ');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await expect(emitted()).toContainEqual(['chat', { text: '<b>Да!</b>' }]);
    await expect(screen.getByRole('textbox', { name: 'Сообщение в чат комнаты' })).toHaveValue('');
  },
};

export const ChatRateLimited: Story = {
  parameters: {
    party: {
      onJoin: [['state', memberState]],
      later: [['error', { code: WatchPartyErrorCode.RateLimited, message: 'Вы отправляете сообщения слишком часто, подождите немного', event: 'chat' }]],
    },
  },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Вы отправляете сообщения слишком часто, подождите немного');
  },
};

// The host's voice-over and subtitles ------------------------------------------------------------

const TRACKS_BUTTON = 'Озвучка и субтитры';

/**
 * The host, who listens to AniLibria on this title: the room (on the defaults) gets AniLibria at once;
 * «Озвучка и субтитры» beside the episode switch offers the player's menu, and AniDub is sent to the room.
 */
export const HostTrackMenu: Story = {
  render: withTracks,
  parameters: {
    mockApi: {
      [`GET /api/watch-party/${ROOM}`]: ok(hostState),
      'GET /api/anime/20/tracks': ok(tracksChoice('AniLibria')),
      'PUT /api/anime/20/tracks': ok(tracksChoice('AniDub')),
    },
    party: { onJoin: [['state', hostState]] },
  },
  play: async () => {
    await waitFor(() => expect(emitted()).toContainEqual(['tracks', { audio: 'AniLibria', subtitles: null }]));
    await userEvent.click(await screen.findByRole('button', { name: TRACKS_BUTTON }));
    const menu = await screen.findByRole('menu', { name: TRACKS_BUTTON });
    const voiceOvers = within(within(menu).getByRole('group', { name: 'Озвучка' })).getAllByRole('menuitemradio');
    await expect(voiceOvers.map((item) => item.textContent?.replace('✓', ''))).toEqual(['Оригинал (японский)', 'AniLibria (русский)', 'AniDub (русский)']);
    await expect(within(menu).getByRole('menuitemradio', { name: /AniLibria/ })).toHaveAttribute('aria-checked', 'true');
    await expect(within(menu).getByRole('menuitemradio', { name: /Выключены/ })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /AniDub/ }));
    await waitFor(() => expect(emitted()).toContainEqual(['tracks', { audio: 'AniDub', subtitles: null }]));
  },
};

/** A member: their player plays the host's team and subtitles, said under the video beside the sync line. */
export const MemberTracks: Story = {
  render: withTracks,
  parameters: { party: { onJoin: [['state', { ...memberState, tracks: { audio: 'AniLibria', subtitles: 'Kitsune' } }]] } },
  play: async () => {
    await screen.findByText('Синхронно с ведущим');
    const line = await screen.findByTestId('watch-party-tracks');
    await waitFor(() => expect(line).toHaveTextContent('Озвучка: AniLibria · Субтитры: Kitsune'));
    await expect(screen.queryByRole('button', { name: TRACKS_BUTTON })).not.toBeInTheDocument();
    await expect(emitted().some(([event]) => event === 'tracks')).toBe(false);
  },
};

import type { TrackChoice } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { fail, ok, type MockHandler } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { ErrorCode } from '@portal/contracts';
import { HlsLoaderContext, useHlsSource } from '../../../shared/video/use-hls-source';
import { TrackMenu } from '../components/TrackMenu';
import type { MediaTrack } from '../../../shared/video/track-choice';
import { SUBTITLE_TRACKS, VOICE_OVERS, fakeHlsLoader, trackChoice, type FakeHlsEngine } from '../testing/player-fixtures';
import { offersTrackChoice } from '../../../shared/video/track-engine';
import { useTrackChoice } from './useTrackChoice';

const AUDIO = VOICE_OVERS;
/** The first subtitles are the playlist's default: hls.js turns them on by itself. */
const SUBTITLES: MediaTrack[] = SUBTITLE_TRACKS.map((track, index) => ({ ...track, default: index === 0 }));

const TRACKS = 'GET /api/anime/20/tracks';
const CHOOSE = 'PUT /api/anime/20/tracks';
const choice = trackChoice;

/** The server as the contract says: PUT answers the title's choice with the change. */
function trackServer(initial: TrackChoice = choice()) {
  let state = initial;
  const put: MockHandler = (request) => {
    const { kind, name } = request.body as { kind: 'audio' | 'subtitles'; name: string | null };
    state = kind === 'audio' ? { ...state, audio: name } : { ...state, subtitles: name, subtitlesChosen: true };
    return ok(state);
  };
  return {
    get: () => ok(state),
    put,
    /** A change made on another device. */
    elsewhere: (overrides: Partial<TrackChoice>) => {
      state = { ...state, ...overrides };
    },
  };
}

const mockApi = mockApiPerTest();

/** The player's stream and its menu, episode after episode of one title (each episode a new player, as on the page). */
function Episodes({ audio = AUDIO, subtitles = SUBTITLES }: { audio?: MediaTrack[]; subtitles?: MediaTrack[] }) {
  const [episode, setEpisode] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setEpisode((number) => number + 1)}>
        Следующая серия
      </button>
      <Episode key={episode} episode={episode} audio={audio} subtitles={subtitles} />
    </>
  );
}

const engines: FakeHlsEngine[] = [];

function Episode({ episode, audio, subtitles }: { episode: number; audio: MediaTrack[]; subtitles: MediaTrack[] }) {
  const [loader] = useState(() => fakeHlsLoader({ audioTracks: audio, subtitleTracks: subtitles, onCreate: (hls) => engines.push(hls) }));
  return (
    <HlsLoaderContext.Provider value={loader}>
      <Stream episode={episode} />
    </HlsLoaderContext.Provider>
  );
}

function Stream({ episode }: { episode: number }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const tracks = useTrackChoice(20);
  useHlsSource(videoRef, `/media/episodes/20/${episode}/master.m3u8`, { loadHls: tracks.loadHls });
  return (
    <>
      <video ref={videoRef} />
      {offersTrackChoice(tracks) ? (
        <TrackMenu
          audio={tracks.audio}
          subtitles={tracks.subtitles}
          audioTrack={tracks.audioTrack}
          subtitleTrack={tracks.subtitleTrack}
          onAudio={tracks.chooseAudio}
          onSubtitles={tracks.chooseSubtitles}
        />
      ) : null}
    </>
  );
}

const signedIn = { token: 'jwt', user: makeUser() };

async function watch(session: typeof signedIn | null, props: { audio?: MediaTrack[]; subtitles?: MediaTrack[] } = {}) {
  engines.length = 0;
  renderWithApp(<Episodes {...props} />, { session });
  await screen.findByRole('button', { name: 'Озвучка и субтитры' });
  return { user: userEvent.setup(), hls: () => engines.at(-1)! };
}

async function pick(user: ReturnType<typeof userEvent.setup>, group: 'Озвучка' | 'Субтитры', name: RegExp) {
  await user.click(screen.getByRole('button', { name: 'Озвучка и субтитры' }));
  const menu = await screen.findByRole('menu');
  await user.click(within(within(menu).getByRole('group', { name: group })).getByRole('menuitemradio', { name }));
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
}

async function checked(user: ReturnType<typeof userEvent.setup>, group: 'Озвучка' | 'Субтитры') {
  await user.click(screen.getByRole('button', { name: 'Озвучка и субтитры' }));
  const items = within(within(await screen.findByRole('menu')).getByRole('group', { name: group })).getAllByRole('menuitemradio');
  const current = items.find((item) => item.getAttribute('aria-checked') === 'true')?.textContent?.replace('✓', '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return current;
}

describe('the voice-over and subtitles of a signed-in viewer', () => {
  it('plays the ones chosen for the title once hls.js reports the tracks', async () => {
    const server = trackServer(choice({ audio: 'AniDub', subtitles: 'Kitsune', subtitlesChosen: true }));
    const api = mockApi({ [TRACKS]: server.get, [CHOOSE]: server.put });
    const { user, hls } = await watch(signedIn);

    await waitFor(() => expect(hls().audioTrack).toBe(2));
    // hls.js turns on its default subtitles right after reporting them: the viewer's pick comes after.
    await waitFor(() => expect(hls().subtitleTrack).toBe(1));
    expect(await checked(user, 'Озвучка')).toBe('AniDub (русский)');
    expect(await checked(user, 'Субтитры')).toBe('Kitsune (русский)');
    expect(api.callsTo(CHOOSE)).toHaveLength(0);
  });

  it('falls back to the usual voice-over, and keeps subtitles off when turned off for the title', async () => {
    const server = trackServer(choice({ audio: 'SHIZA Project', usualAudio: 'AniLibria', subtitlesChosen: true, usualSubtitles: 'Kitsune' }));
    mockApi({ [TRACKS]: server.get, [CHOOSE]: server.put });
    const { hls } = await watch(signedIn);

    await waitFor(() => expect(hls().audioTrack).toBe(1));
    await waitFor(() => expect(hls().subtitleTrack).toBe(-1));
  });

  it('applies the pick when the server answers after the tracks arrived', async () => {
    const server = trackServer(choice({ usualAudio: 'Оригинал (японский)' }));
    const audio = [
      { name: 'AniLibria', lang: 'ru', default: true },
      { name: 'Японский', lang: 'ja' },
    ];
    mockApi({ [TRACKS]: () => ({ ...server.get(), delayMs: 150 }), [CHOOSE]: server.put });
    const { hls } = await watch(signedIn, { audio, subtitles: [] });

    // hls.js starts on its default; the answer names the original, which this playlist calls «Японский».
    expect(hls().audioTrack).toBe(0);
    await waitFor(() => expect(hls().audioTrack).toBe(1));
  });

  it('switches at once on the viewer’s pick and saves { kind, name }', async () => {
    const server = trackServer();
    const api = mockApi({ [TRACKS]: server.get, [CHOOSE]: server.put });
    const { user, hls } = await watch(signedIn);
    await waitFor(() => expect(hls().audioTrack).toBe(0));

    await pick(user, 'Озвучка', /AniLibria/);
    expect(hls().audioTrack).toBe(1);
    await pick(user, 'Субтитры', /Выключены/);
    expect(hls().subtitleTrack).toBe(-1);

    await waitFor(() =>
      expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([
        { kind: 'audio', name: 'AniLibria' },
        { kind: 'subtitles', name: null },
      ]),
    );
    expect(await checked(user, 'Озвучка')).toBe('AniLibria (русский)');
  });

  it('plays the choice again on the next episode of the title, from the cache the answers updated', async () => {
    const server = trackServer();
    const api = mockApi({ [TRACKS]: server.get, [CHOOSE]: server.put });
    const { user, hls } = await watch(signedIn);
    await waitFor(() => expect(hls().audioTrack).toBe(0));
    // Meanwhile the viewer turned on «Kitsune» on their phone: the answer to this save says so.
    server.elsewhere({ subtitles: 'Kitsune', subtitlesChosen: true });
    await pick(user, 'Озвучка', /AniDub/);
    await waitFor(() => expect(api.callsTo(CHOOSE)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Следующая серия' }));

    await waitFor(() => expect(engines).toHaveLength(2));
    await waitFor(() => expect(hls().audioTrack).toBe(2));
    await waitFor(() => expect(hls().subtitleTrack).toBe(1));
    // Read once per title.
    expect(api.callsTo(TRACKS)).toHaveLength(1);
  });

  it('a failed save changes nothing on screen and is sent again with the next change', async () => {
    const server = trackServer();
    const failing = fail(503, ErrorCode.ServiceUnavailable, 'Сервис временно недоступен');
    const api = mockApi({ [TRACKS]: server.get, [CHOOSE]: [failing, server.put] });
    const { user, hls } = await watch(signedIn);
    await waitFor(() => expect(hls().audioTrack).toBe(0));

    await pick(user, 'Озвучка', /AniLibria/);
    await waitFor(() => expect(api.callsTo(CHOOSE)).toHaveLength(1));
    expect(hls().audioTrack).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await checked(user, 'Озвучка')).toBe('AniLibria (русский)');

    await pick(user, 'Субтитры', /Kitsune/);

    await waitFor(() =>
      expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([
        { kind: 'audio', name: 'AniLibria' },
        { kind: 'audio', name: 'AniLibria' },
        { kind: 'subtitles', name: 'Kitsune' },
      ]),
    );
  });
});

describe('the voice-over and subtitles of a guest', () => {
  it('are kept in local storage per title and played again on the next episode', async () => {
    const api = mockApi({});
    const { user, hls } = await watch(null);
    await waitFor(() => expect(hls().audioTrack).toBe(0));
    await waitFor(() => expect(hls().subtitleTrack).toBe(0));

    await pick(user, 'Озвучка', /AniDub/);
    await pick(user, 'Субтитры', /Выключены/);

    expect(JSON.parse(window.localStorage.getItem('player:tracks:20') ?? 'null')).toEqual({ audio: 'AniDub', subtitles: null, subtitlesChosen: true });
    await user.click(screen.getByRole('button', { name: 'Следующая серия' }));
    await waitFor(() => expect(engines).toHaveLength(2));
    await waitFor(() => expect(hls().audioTrack).toBe(2));
    await waitFor(() => expect(hls().subtitleTrack).toBe(-1));
    expect(api.callsTo(TRACKS)).toHaveLength(0);
    expect(api.callsTo(CHOOSE)).toHaveLength(0);
  });

  it('start from their stored choice', async () => {
    window.localStorage.setItem('player:tracks:20', JSON.stringify({ audio: 'AniLibria', subtitles: 'Kitsune', subtitlesChosen: true }));
    mockApi({});
    const { hls } = await watch(null);

    await waitFor(() => expect(hls().audioTrack).toBe(1));
    await waitFor(() => expect(hls().subtitleTrack).toBe(1));
  });
});

describe('the menu', () => {
  it('is not offered for one voice-over and no subtitles', async () => {
    mockApi({});
    engines.length = 0;
    renderWithApp(<Episodes audio={AUDIO.slice(0, 1)} subtitles={[]} />, { session: null });

    await waitFor(() => expect(engines.at(-1)?.audioTracks).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Озвучка и субтитры' })).not.toBeInTheDocument();
  });
});

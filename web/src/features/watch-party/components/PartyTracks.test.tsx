import type { TrackChoice, WatchPartyState } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { HlsLoaderContext } from '../../../shared/video/use-hls-source';
import { makeUser } from '../../../test/fixtures';
import { ok, type MockHandler } from '../../../test/mock-api';
import { mockApiPerTest } from '../../../test/mock-api-per-test';
import { renderWithApp } from '../../../test/render';
import { PartySocketContext } from '../api/watch-party-socket';
import { fakePartyHlsLoader, type FakePartyEngine } from '../testing/fake-party-hls';
import { fakePartyConnector, makePartyMember, makePartyState } from '../testing/fake-party-socket';
import { WatchPartyPage } from './WatchPartyPage';

const ROOM = 'Room12345678';
const me = makeUser();
const TRACKS = 'GET /api/anime/20/tracks';
const CHOOSE = 'PUT /api/anime/20/tracks';

const memberState = makePartyState({ tracks: { audio: 'AniLibria', subtitles: 'Kitsune' } });
const hostState = makePartyState({
  hostUserId: me.id,
  members: [makePartyMember({ userId: me.id, username: me.username, isHost: true }), makePartyMember()],
});

const episodes = {
  animeId: 20,
  episodes: [1, 2].map((number) => ({
    animeId: 20,
    number,
    title: null,
    durationSeconds: 1380,
    source: { kind: 'hls', url: `/media/episodes/20/${number}/master.m3u8`, qualities: [720] },
    opening: null,
    ending: null,
  })),
};

const choice = (overrides: Partial<TrackChoice> = {}): TrackChoice => ({
  animeId: 20,
  audio: null,
  subtitles: null,
  subtitlesChosen: false,
  usualAudio: null,
  usualSubtitles: null,
  ...overrides,
});

const saved: MockHandler = (request) => {
  const { kind, name } = request.body as { kind: 'audio' | 'subtitles'; name: string | null };
  return ok(choice(kind === 'audio' ? { audio: name } : { subtitles: name, subtitlesChosen: true }));
};

const mockApi = mockApiPerTest();

/** The room page joined as `state` says, its socket scripted and its stream the fake engine; what it sent, and its engines. */
function openRoom(state: WatchPartyState, remembered: TrackChoice = choice()) {
  const api = mockApi({
    [`GET /api/watch-party/${ROOM}`]: ok(state),
    'GET /api/anime/20': ok({ id: 20, title: 'Naruto', titleRu: 'Наруто' }),
    'GET /api/anime/20/episodes': ok(episodes),
    [TRACKS]: ok(remembered),
    [CHOOSE]: saved,
  });
  const connector = fakePartyConnector({ onJoin: [['state', state]] });
  const engines: FakePartyEngine[] = [];
  const loader = fakePartyHlsLoader({ onCreate: (engine) => engines.push(engine) });
  renderWithApp(
    <PartySocketContext.Provider value={connector}>
      <HlsLoaderContext.Provider value={loader}>
        <Routes>
          <Route path="/watch-party/:roomId" element={<WatchPartyPage />} />
        </Routes>
      </HlsLoaderContext.Provider>
    </PartySocketContext.Provider>,
    { route: `/watch-party/${ROOM}`, session: { token: 'jwt', user: me } },
  );
  const hls = async () => {
    await waitFor(() => expect(engines.length).toBeGreaterThan(0));
    return engines.at(-1)!;
  };
  const tracksSent = () => connector.sent.filter(([event]) => event === 'tracks').map(([, payload]) => payload);
  return { api, hls, tracksSent, push: connector.push };
}

describe("the watch party plays the host's voice-over and subtitles", () => {
  it("a member's player plays them by name, says which, and follows the host's next change", async () => {
    const { api, hls, tracksSent, push } = openRoom(memberState);
    const engine = await hls();

    const line = await screen.findByTestId('watch-party-tracks');
    await waitFor(() => expect(line).toHaveTextContent('Озвучка: AniLibria · Субтитры: Kitsune'));
    expect([engine.audioTrack, engine.subtitleTrack, engine.subtitleDisplay]).toEqual([1, 1, true]);

    push([['state', { ...memberState, version: 9, tracks: { audio: 'SHIZA Project', subtitles: null } }]]);
    // A team this member's stream does not have: its default voice-over, and the line says so calmly.
    await waitFor(() => expect(screen.getByTestId('watch-party-tracks')).toHaveTextContent('Озвучка: Оригинал · Субтитры: выключены'));
    expect([engine.audioTrack, engine.subtitleTrack]).toEqual([0, -1]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Озвучка и субтитры' })).not.toBeInTheDocument();
    expect(tracksSent()).toEqual([]);
    // A member's own choice for the title plays no part.
    expect(api.callsTo(TRACKS)).toHaveLength(0);
  });

  it("the host's remembered choice goes to a room without tracks once; each change from the menu is sent and remembered", async () => {
    const { api, hls, tracksSent } = openRoom(hostState, choice({ audio: 'AniDub', usualAudio: 'AniDub' }));
    const engine = await hls();

    await waitFor(() => expect(tracksSent()).toEqual([{ audio: 'AniDub', subtitles: null }]));
    expect(engine.audioTrack).toBe(2);

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Озвучка и субтитры' }));
    const menu = await screen.findByRole('menu', { name: 'Озвучка и субтитры' });
    const audio = within(menu).getByRole('group', { name: 'Озвучка' });
    expect(within(audio).getByRole('menuitemradio', { name: /AniDub/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(within(menu).getByRole('group', { name: 'Субтитры' })).getByRole('menuitemradio', { name: /Kitsune/ }));

    expect(tracksSent()).toEqual([
      { audio: 'AniDub', subtitles: null },
      { audio: 'AniDub', subtitles: 'Kitsune' },
    ]);
    expect([engine.subtitleTrack, engine.subtitleDisplay]).toEqual([1, true]);
    await waitFor(() => expect(api.callsTo(CHOOSE).map((call) => call.body)).toEqual([{ kind: 'subtitles', name: 'Kitsune' }]));
    expect(screen.queryByTestId('watch-party-tracks')).not.toBeInTheDocument();
  });

  it("on a new episode (the room back on the defaults) the host's pick goes to the room again, for the new stream", async () => {
    const own = { audio: 'AniDub', subtitles: 'Kitsune' };
    const { hls, tracksSent, push } = openRoom(hostState, choice({ ...own, subtitlesChosen: true }));
    const first = await hls();
    await waitFor(() => expect(tracksSent()).toEqual([own]));
    push([['state', { ...hostState, version: 10, tracks: own }]]);

    push([['state', { ...hostState, version: 11, episode: 2 }]]);
    await waitFor(async () => expect(await hls()).not.toBe(first));
    await waitFor(() => expect(tracksSent()).toEqual([own, own]));
    const second = await hls();
    expect([second.audioTrack, second.subtitleTrack]).toEqual([2, 1]);
  });

  it('a host back in a room that has tracks plays them and sends nothing', async () => {
    const { hls, tracksSent } = openRoom({ ...hostState, tracks: { audio: 'AniLibria', subtitles: null } }, choice({ audio: 'AniDub' }));
    const engine = await hls();
    await screen.findByRole('button', { name: 'Озвучка и субтитры' });
    await waitFor(() => expect(engine.audioTrack).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tracksSent()).toEqual([]);
    expect(engine.audioTrack).toBe(1);
  });
});

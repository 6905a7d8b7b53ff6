import type { TrackChoice } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { MediaTrack } from '../../../shared/video/track-choice';
import { PARTY_SUBTITLES, PARTY_VOICE_OVERS } from '../testing/fake-party-hls';
import { applyPartyTracks, hostTracks, onDefaultTracks, type PartyTrackEngine } from './party-tracks';

/** hls.js' slice as a plain object, recording what was set on it. */
function fakeHls(audioTracks: MediaTrack[] = PARTY_VOICE_OVERS, subtitleTracks: MediaTrack[] = PARTY_SUBTITLES, start = { audio: 0, subtitles: -1 }) {
  const sets: string[] = [];
  let audio = start.audio;
  let subtitles = start.subtitles;
  let display = false;
  const hls: PartyTrackEngine = {
    audioTracks,
    subtitleTracks,
    get audioTrack() {
      return audio;
    },
    set audioTrack(index: number) {
      sets.push(`audio ${index}`);
      audio = index;
    },
    get subtitleTrack() {
      return subtitles;
    },
    set subtitleTrack(index: number) {
      sets.push(`subtitles ${index}`);
      subtitles = index;
    },
    get subtitleDisplay() {
      return display;
    },
    set subtitleDisplay(on: boolean) {
      sets.push(`display ${on}`);
      display = on;
    },
  };
  return { hls, sets };
}

const choice = (overrides: Partial<TrackChoice> = {}): TrackChoice => ({
  animeId: 20,
  audio: null,
  subtitles: null,
  subtitlesChosen: false,
  usualAudio: null,
  usualSubtitles: null,
  ...overrides,
});

describe("applying the room's voice-over and subtitles by name", () => {
  it('finds each name in this player’s lists and turns the subtitles on', () => {
    const { hls, sets } = fakeHls();
    applyPartyTracks(hls, { audio: 'AniLibria', subtitles: 'Kitsune' });
    expect([hls.audioTrack, hls.subtitleTrack, hls.subtitleDisplay]).toEqual([1, 1, true]);
    expect(sets).toEqual(['audio 1', 'subtitles 1', 'display true']);
  });

  it('matches names whatever order this playlist lists them in', () => {
    const { hls } = fakeHls([...PARTY_VOICE_OVERS].reverse(), [...PARTY_SUBTITLES].reverse());
    applyPartyTracks(hls, { audio: 'AniLibria', subtitles: 'Kitsune' });
    expect([hls.audioTrack, hls.subtitleTrack]).toEqual([1, 0]);
  });

  it('sets nothing that is already playing (hls.js would load the voice-over again)', () => {
    const { hls, sets } = fakeHls(PARTY_VOICE_OVERS, PARTY_SUBTITLES, { audio: 2, subtitles: -1 });
    applyPartyTracks(hls, { audio: 'AniDub', subtitles: null });
    expect(sets).toEqual([]);
  });

  it('null: the default voice-over and no subtitles', () => {
    const { hls } = fakeHls(PARTY_VOICE_OVERS, PARTY_SUBTITLES, { audio: 2, subtitles: 1 });
    applyPartyTracks(hls, { audio: null, subtitles: null });
    expect([hls.audioTrack, hls.subtitleTrack]).toEqual([0, -1]);
  });

  it('a name this stream does not have leaves the default voice-over and no subtitles', () => {
    const { hls } = fakeHls(PARTY_VOICE_OVERS, PARTY_SUBTITLES, { audio: 1, subtitles: 0 });
    applyPartyTracks(hls, { audio: 'SHIZA Project', subtitles: 'Ancord' });
    expect([hls.audioTrack, hls.subtitleTrack]).toEqual([0, -1]);
    // Without DEFAULT=YES, the first voice-over.
    const plain = fakeHls(
      PARTY_VOICE_OVERS.map((track) => ({ ...track, default: false })),
      [],
      { audio: 2, subtitles: -1 },
    );
    applyPartyTracks(plain.hls, { audio: 'SHIZA Project', subtitles: null });
    expect(plain.hls.audioTrack).toBe(0);
  });

  it('leaves a stream without alternate audio alone', () => {
    const { hls, sets } = fakeHls([], [], { audio: -1, subtitles: -1 });
    applyPartyTracks(hls, { audio: 'AniLibria', subtitles: 'Kitsune' });
    expect(sets).toEqual([]);
  });
});

describe("the host's own pick for a room without tracks", () => {
  it('is their remembered choice for the title, by name', () => {
    const { hls } = fakeHls();
    expect(hostTracks(hls, choice({ audio: 'AniDub', subtitles: 'Kitsune', subtitlesChosen: true }))).toEqual({ audio: 'AniDub', subtitles: 'Kitsune' });
  });

  it('falls back as the player does: the usual voice-over, then the playlist’s default', () => {
    const { hls } = fakeHls();
    expect(hostTracks(hls, choice({ audio: 'SHIZA Project', usualAudio: 'AniLibria' }))).toEqual({ audio: 'AniLibria', subtitles: null });
    expect(hostTracks(hls, null)).toEqual({ audio: 'Оригинал', subtitles: null });
  });

  it('is nothing on a stream without tracks', () => {
    const { hls } = fakeHls([], []);
    expect(onDefaultTracks(hostTracks(hls, choice({ audio: 'AniDub' })))).toBe(true);
  });
});

import type { TrackChoice } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  languageOfName,
  normalizeLanguage,
  pickAudioTrack,
  pickSubtitleTrack,
  trackLabel,
  withTrackChosen,
  type MediaTrack,
  type TrackPreferences,
} from './track-choice';

const ORIGINAL: MediaTrack = { name: 'Оригинал', lang: 'ja', default: true };
const ANILIBRIA: MediaTrack = { name: 'AniLibria', lang: 'ru' };
const ANIDUB: MediaTrack = { name: 'AniDub', lang: 'ru' };
const ENGLISH: MediaTrack = { name: 'Crunchyroll', lang: 'en' };
/** The voice-overs of a typical upload: the original first (the default), then the teams. */
const AUDIO = [ORIGINAL, ANIDUB, ANILIBRIA, ENGLISH];

const SUBTITLES: MediaTrack[] = [
  { name: 'Crunchyroll', lang: 'en' },
  { name: 'Субтитры AniLibria', lang: 'ru' },
  { name: 'Kitsune', lang: 'ru' },
];

const server = (overrides: Partial<TrackChoice> = {}): TrackChoice => ({
  animeId: 20,
  audio: null,
  subtitles: null,
  subtitlesChosen: false,
  usualAudio: null,
  usualSubtitles: null,
  ...overrides,
});

const signedIn = (overrides: Partial<TrackChoice> = {}, knownLanguages?: Record<string, string>): TrackPreferences => ({
  server: server(overrides),
  knownLanguages,
});

describe('the voice-over picked when an episode starts', () => {
  it('(a) plays the voice-over chosen for this title when the episode has it', () => {
    expect(pickAudioTrack(AUDIO, signedIn({ audio: 'AniLibria', usualAudio: 'AniDub' }))).toEqual({ index: 2, by: 'chosen' });
  });

  it('(b) else the viewer’s usual one', () => {
    expect(pickAudioTrack(AUDIO, signedIn({ audio: 'SHIZA Project', usualAudio: 'AniDub' }))).toEqual({ index: 1, by: 'usual' });
    expect(pickAudioTrack(AUDIO, signedIn({ usualAudio: 'Crunchyroll' }))).toEqual({ index: 3, by: 'usual' });
  });

  it('(c) else a voice-over in the language of their choice: Russian dubs for a Russian team', () => {
    // «SHIZA Project» was seen as Russian in another title's playlist.
    expect(pickAudioTrack(AUDIO, signedIn({ audio: 'SHIZA Project' }, { 'SHIZA Project': 'ru' }))).toEqual({ index: 1, by: 'same-language' });
    // Never seen here: a team's name is a Russian team's.
    expect(pickAudioTrack(AUDIO, signedIn({ audio: 'SHIZA Project' }))).toEqual({ index: 1, by: 'same-language' });
  });

  it('(c) the original for a viewer of the original, whatever its name in this playlist', () => {
    const tracks: MediaTrack[] = [
      { name: 'AniDub', lang: 'ru', default: true },
      { name: 'Японский', lang: 'jpn' },
    ];
    expect(pickAudioTrack(tracks, signedIn({ usualAudio: 'Оригинал' }))).toEqual({ index: 1, by: 'same-language' });
    expect(pickAudioTrack(tracks, signedIn({ audio: 'Оригинал (японский)' }))).toEqual({ index: 1, by: 'same-language' });
  });

  it('(c) the language of the title’s choice before the usual one’s', () => {
    expect(pickAudioTrack(AUDIO, signedIn({ audio: 'Funimation', usualAudio: 'SHIZA Project' }, { Funimation: 'en' }))).toEqual({
      index: 3,
      by: 'same-language',
    });
  });

  it('(d) else the playlist’s default, or the first without one', () => {
    expect(pickAudioTrack(AUDIO, signedIn())).toEqual({ index: 0, by: 'default' });
    const noDefault = [ANIDUB, { ...ORIGINAL, default: false }];
    expect(pickAudioTrack(noDefault, signedIn())).toEqual({ index: 0, by: 'default' });
    // A name that says no language («Дорожка 2», the transcoder's name for an untagged stream) has no kind.
    expect(pickAudioTrack([ANIDUB, ORIGINAL], signedIn({ audio: 'Дорожка 2' }))).toEqual({ index: 1, by: 'default' });
    // A language no track has.
    expect(pickAudioTrack([ORIGINAL, ANIDUB], signedIn({ audio: 'Funimation' }, { Funimation: 'en' }))).toEqual({ index: 0, by: 'default' });
  });

  it('a guest: their choice for the title, no usual one', () => {
    expect(pickAudioTrack(AUDIO, { server: null, local: { audio: 'AniDub', subtitles: null, subtitlesChosen: false } })).toEqual({ index: 1, by: 'chosen' });
    expect(pickAudioTrack(AUDIO, { server: null, local: { audio: 'SHIZA Project', subtitles: null, subtitlesChosen: false } })).toEqual({
      index: 1,
      by: 'same-language',
    });
    expect(pickAudioTrack(AUDIO, { server: null })).toEqual({ index: 0, by: 'default' });
  });

  it('a signed-in viewer’s server choice wins over anything stored in the browser', () => {
    const preferences: TrackPreferences = { server: server({ audio: 'AniLibria' }), local: { audio: 'AniDub', subtitles: null, subtitlesChosen: false } };
    expect(pickAudioTrack(AUDIO, preferences)).toEqual({ index: 2, by: 'chosen' });
  });

  it('nothing to pick without tracks', () => {
    expect(pickAudioTrack([], signedIn({ audio: 'AniDub' }))).toEqual({ index: -1, by: 'default' });
  });
});

describe('the subtitles picked when an episode starts', () => {
  it('off when the viewer turned them off for this title, even with a usual name offered', () => {
    expect(pickSubtitleTrack(SUBTITLES, signedIn({ subtitles: null, subtitlesChosen: true, usualSubtitles: 'Kitsune' }))).toEqual({ index: -1, by: 'off' });
    expect(pickSubtitleTrack(SUBTITLES, { server: null, local: { audio: null, subtitles: null, subtitlesChosen: true } })).toEqual({ index: -1, by: 'off' });
  });

  it('(a) the ones chosen for this title, (b) else the usual ones', () => {
    expect(pickSubtitleTrack(SUBTITLES, signedIn({ subtitles: 'Kitsune', subtitlesChosen: true, usualSubtitles: 'Crunchyroll' }))).toEqual({
      index: 2,
      by: 'chosen',
    });
    expect(pickSubtitleTrack(SUBTITLES, signedIn({ usualSubtitles: 'Crunchyroll' }))).toEqual({ index: 0, by: 'usual' });
  });

  it('(c) else the first in the same language', () => {
    expect(pickSubtitleTrack(SUBTITLES, signedIn({ subtitles: 'Русские (Ancord)', subtitlesChosen: true }))).toEqual({ index: 1, by: 'same-language' });
    expect(pickSubtitleTrack(SUBTITLES, signedIn({ usualSubtitles: 'English CC' }))).toEqual({ index: 0, by: 'same-language' });
  });

  it('(d) else the playlist’s default, or none without one', () => {
    const withDefault = SUBTITLES.map((track, index) => ({ ...track, default: index === 2 }));
    expect(pickSubtitleTrack(withDefault, signedIn())).toEqual({ index: 2, by: 'default' });
    expect(pickSubtitleTrack(SUBTITLES, signedIn())).toEqual({ index: -1, by: 'off' });
    expect(pickSubtitleTrack(SUBTITLES, { server: null })).toEqual({ index: -1, by: 'off' });
    expect(pickSubtitleTrack([], signedIn({ subtitles: 'Kitsune', subtitlesChosen: true }))).toEqual({ index: -1, by: 'default' });
  });
});

describe('the language of a track known by its name', () => {
  it('is what an earlier playlist said, else what the name says, else a Russian team', () => {
    expect(languageOfName('Funimation', { Funimation: 'eng' })).toBe('en');
    expect(languageOfName('Оригинал')).toBe('ja');
    expect(languageOfName('Японский')).toBe('ja');
    expect(languageOfName('English dub')).toBe('en');
    expect(languageOfName('Русский')).toBe('ru');
    expect(languageOfName('AniLibria')).toBe('ru');
    expect(languageOfName('Дорожка 3')).toBeNull();
  });

  it('normalises the playlist’s LANGUAGE', () => {
    expect(normalizeLanguage('JA')).toBe('ja');
    expect(normalizeLanguage('ja-JP')).toBe('ja');
    expect(normalizeLanguage('rus')).toBe('ru');
    expect(normalizeLanguage('und')).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
  });
});

describe('the names the menu shows', () => {
  it('adds the language in brackets when the name does not say it', () => {
    expect(trackLabel(ANILIBRIA)).toBe('AniLibria (русский)');
    expect(trackLabel(ORIGINAL)).toBe('Оригинал (японский)');
    expect(trackLabel({ name: 'Японский', lang: 'ja' })).toBe('Японский');
    expect(trackLabel({ name: 'Оригинал (японский)', lang: 'jpn' })).toBe('Оригинал (японский)');
    expect(trackLabel({ name: 'English', lang: 'en' })).toBe('English');
    expect(trackLabel({ name: 'Дорожка 2' })).toBe('Дорожка 2');
  });
});

describe('a choice changed by the viewer', () => {
  it('sets the voice-over, or the subtitles as chosen (null: off)', () => {
    const choice = server({ audio: 'AniDub', usualAudio: 'AniDub' });
    expect(withTrackChosen(choice, 'audio', 'AniLibria')).toEqual({ ...choice, audio: 'AniLibria' });
    expect(withTrackChosen(choice, 'subtitles', null)).toEqual({ ...choice, subtitles: null, subtitlesChosen: true });
    expect(withTrackChosen(choice, 'subtitles', 'Kitsune')).toEqual({ ...choice, subtitles: 'Kitsune', subtitlesChosen: true });
  });
});

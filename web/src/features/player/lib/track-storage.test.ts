import { describe, expect, it } from 'vitest';
import { KNOWN_LANGUAGES_KEY, guestTracksKey, loadGuestChoice, loadKnownLanguages, rememberLanguages, saveGuestChoice } from './track-storage';

describe("a guest's voice-over and subtitles", () => {
  it('are kept per title under player:tracks:<animeId>', () => {
    saveGuestChoice(20, { audio: 'AniLibria', subtitles: null, subtitlesChosen: true });

    expect(guestTracksKey(20)).toBe('player:tracks:20');
    expect(JSON.parse(window.localStorage.getItem('player:tracks:20') ?? 'null')).toEqual({ audio: 'AniLibria', subtitles: null, subtitlesChosen: true });
    expect(loadGuestChoice(20)).toEqual({ audio: 'AniLibria', subtitles: null, subtitlesChosen: true });
    expect(loadGuestChoice(21)).toEqual({ audio: null, subtitles: null, subtitlesChosen: false });
  });

  it('read as nothing chosen when unreadable', () => {
    window.localStorage.setItem('player:tracks:20', '{not json');
    expect(loadGuestChoice(20)).toEqual({ audio: null, subtitles: null, subtitlesChosen: false });
    window.localStorage.setItem('player:tracks:20', JSON.stringify({ audio: 7, subtitles: '', subtitlesChosen: 'yes' }));
    expect(loadGuestChoice(20)).toEqual({ audio: null, subtitles: null, subtitlesChosen: false });
  });
});

describe('the languages of the names seen in playlists', () => {
  it('are remembered, normalised, and only the tracks that say one', () => {
    rememberLanguages([{ name: 'AniLibria', lang: 'rus' }, { name: 'Оригинал', lang: 'ja' }, { name: 'Дорожка 3' }]);

    expect(loadKnownLanguages()).toEqual({ AniLibria: 'ru', Оригинал: 'ja' });
  });

  it('keep the latest hundred', () => {
    rememberLanguages(Array.from({ length: 100 }, (_, index) => ({ name: `Team ${index}`, lang: 'ru' })));
    rememberLanguages([{ name: 'Funimation', lang: 'en' }]);

    const known = loadKnownLanguages();
    expect(Object.keys(known)).toHaveLength(100);
    expect(known['Team 0']).toBeUndefined();
    expect(known.Funimation).toBe('en');
  });

  it('read as none when unreadable', () => {
    window.localStorage.setItem(KNOWN_LANGUAGES_KEY, '[1, 2]');
    expect(loadKnownLanguages()).toEqual({});
  });
});

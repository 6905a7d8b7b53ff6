import { describe, expect, it } from 'vitest';
import { audioFile, failedVoice, makeTrack, processingVoice, readySubtitles, sourceTracks, subtitleFile, trackList } from '../testing/episodes-admin-fixtures';
import { checkTrackDraft, hasProcessingTracks, sourceFirst, teamKindOf, trackLanguageText, trackStateText } from './episode-tracks';

describe('the «Дорожки» list', () => {
  it('puts the source’s streams first, each group oldest first', () => {
    const [voice, japanese] = sourceTracks();
    const ordered = sourceFirst([processingVoice(), readySubtitles(), japanese!, voice!]);
    expect(ordered.map((track) => track.name)).toEqual(['AniLibria', 'Японский', 'Crunchyroll', 'Studio Band']);
  });

  it('polls only while an added track is processing', () => {
    expect(hasProcessingTracks(undefined)).toBe(false);
    expect(hasProcessingTracks(trackList([...sourceTracks(), readySubtitles(), failedVoice()]))).toBe(false);
    expect(hasProcessingTracks(trackList([...sourceTracks(), processingVoice()]))).toBe(true);
  });

  it('names languages and states in Russian', () => {
    expect(trackLanguageText('ru')).toBe('русский');
    expect(trackLanguageText('JA')).toBe('японский');
    expect(trackLanguageText('pt-BR')).toBe('pt-BR');
    expect(trackLanguageText(null)).toBe('язык не указан');
    expect(trackStateText(processingVoice())).toBe('обрабатывается');
    expect(trackStateText(makeTrack())).toBe('готово');
    expect(trackStateText(failedVoice({ error: 'Файл повреждён' }))).toBe('ошибка: Файл повреждён');
    expect(trackStateText(failedVoice({ error: null }))).toBe('ошибка: причина неизвестна');
  });

  it('asks a voice-over’s team among the voice teams and subtitles’ among the translators', () => {
    expect(teamKindOf('audio')).toBe('voice');
    expect(teamKindOf('subtitles')).toBe('subtitles');
  });
});

describe('the «Добавить дорожку» checks', () => {
  it('asks for a file and a team, and bounds the team’s name', () => {
    expect(checkTrackDraft({ kind: 'audio', team: '  ', language: 'ru', file: null })).toEqual({
      errors: { team: 'Укажите название команды', file: 'Прикрепите файл дорожки' },
      fields: null,
    });
    expect(checkTrackDraft({ kind: 'audio', team: 'а'.repeat(101), language: 'ru', file: audioFile() }).errors).toEqual({
      team: 'Название команды: от 1 до 100 символов',
    });
  });

  it('refuses subtitles over 5 MB, never bounds audio here (the server does)', () => {
    const big = subtitleFile('season.ass', 5 * 1024 * 1024 + 1);
    expect(checkTrackDraft({ kind: 'subtitles', team: 'Crunchyroll', language: 'ru', file: big }).errors).toEqual({ file: 'Файл больше 5 МБ' });
    expect(checkTrackDraft({ kind: 'audio', team: 'Studio Band', language: 'ru', file: audioFile('big.flac', 6) }).fields).not.toBeNull();
  });

  it('sends the trimmed team and no language for «Не указан»', () => {
    const file = subtitleFile();
    expect(checkTrackDraft({ kind: 'subtitles', team: ' Crunchyroll ', language: '', file })).toEqual({
      errors: {},
      fields: { kind: 'subtitles', team: 'Crunchyroll', language: null, file },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { cancelledSource, failedSource, makeEpisode, makeManagement, queuedSource, readySource, transcodingSource } from '../testing/episodes-admin-fixtures';
import {
  formatAudioTrack,
  formatMegabytes,
  hasSourcesInWork,
  looksLikeVideo,
  nextFreeNumber,
  parseEpisodeNumber,
  percentOf,
  sourceStateText,
} from './episodes-admin-format';

describe('sourceStateText', () => {
  it('says where each source is, in Russian', () => {
    expect(sourceStateText(queuedSource())).toBe('В очереди');
    expect(sourceStateText(transcodingSource({ progress: 42.9, etaSeconds: 65 }))).toBe('Обработка 42 % · осталось ~1 мин');
    expect(sourceStateText(transcodingSource({ progress: 10, etaSeconds: 20 }))).toBe('Обработка 10 % · осталось ~1 мин');
    expect(sourceStateText(transcodingSource({ progress: 5, etaSeconds: 3900 }))).toBe('Обработка 5 % · осталось ~1 ч 5 мин');
    expect(sourceStateText(transcodingSource({ progress: 5, etaSeconds: 7200 }))).toBe('Обработка 5 % · осталось ~2 ч');
    expect(sourceStateText(transcodingSource({ progress: 0, etaSeconds: null }))).toBe('Обработка 0 %');
    expect(sourceStateText(readySource())).toBe('Готово · 360p, 720p, 1080p');
    expect(sourceStateText(readySource({ qualities: [] }))).toBe('Готово');
    expect(sourceStateText(failedSource({ error: 'moov atom not found' }))).toBe('Ошибка: moov atom not found');
    expect(sourceStateText(failedSource({ error: null }))).toBe('Ошибка: причина неизвестна');
    expect(sourceStateText(cancelledSource())).toBe('Отменено');
  });
});

describe('the screen’s helpers', () => {
  it('offers the number after the highest episode or upload', () => {
    expect(nextFreeNumber(makeManagement())).toBe(1);
    expect(nextFreeNumber(makeManagement({ episodes: [makeEpisode({ number: 2 }), makeEpisode({ number: 1 })] }))).toBe(3);
    expect(nextFreeNumber(makeManagement({ episodes: [makeEpisode({ number: 2 })], sources: [failedSource({ number: 7 })] }))).toBe(8);
  });

  it('polls only while a source is queued or transcoding', () => {
    expect(hasSourcesInWork(undefined)).toBe(false);
    expect(hasSourcesInWork(makeManagement({ sources: [readySource(), failedSource(), cancelledSource()] }))).toBe(false);
    expect(hasSourcesInWork(makeManagement({ sources: [readySource(), queuedSource()] }))).toBe(true);
    expect(hasSourcesInWork(makeManagement({ sources: [transcodingSource()] }))).toBe(true);
  });

  it('takes an episode number from 1 to 100000 only', () => {
    expect(parseEpisodeNumber(' 12 ')).toBe(12);
    expect(parseEpisodeNumber('1')).toBe(1);
    expect(parseEpisodeNumber('100000')).toBe(100000);
    for (const bad of ['0', '-1', '1.5', '1e3', '100001', '', 'abc', '12a']) expect(parseEpisodeNumber(bad)).toBeNull();
  });

  it('writes sizes, per cents and audio tracks', () => {
    expect(formatMegabytes(126 * 1024 * 1024)).toBe('126,0');
    expect(percentOf(126, 300)).toBe(42);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(400, 300)).toBe(100);
    expect(formatAudioTrack({ index: 0, language: 'rus', title: 'AniLibria', codec: 'aac' })).toBe('AniLibria · русский');
    expect(formatAudioTrack({ index: 1, language: 'jpn', title: null, codec: 'aac' })).toBe('японский');
    expect(formatAudioTrack({ index: 2, language: 'tlh', title: '  ', codec: 'opus' })).toBe('tlh');
    expect(formatAudioTrack({ index: 3, language: null, title: null, codec: 'opus' })).toBe('дорожка 4');
  });

  it('knows MP4, MKV and WebM by type or name', () => {
    expect(looksLikeVideo({ name: 'a.mp4', type: 'video/mp4' })).toBe(true);
    expect(looksLikeVideo({ name: 'a.mkv', type: '' })).toBe(true);
    expect(looksLikeVideo({ name: 'a.webm', type: 'video/webm' })).toBe(true);
    expect(looksLikeVideo({ name: 'clip', type: 'video/x-matroska' })).toBe(true);
    expect(looksLikeVideo({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });
});

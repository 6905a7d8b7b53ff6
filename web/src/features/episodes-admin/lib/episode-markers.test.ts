import { EPISODE_UPLOAD_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { detectedEpisode, makeEpisode, manualEpisode, unmarkedEpisode } from '../testing/episodes-admin-fixtures';
import { draftOf, formatSpan, formatTimecode, markersSummary, parseTimecode, readMarkers, type MarkersDraft } from './episode-markers';

const BAD_TIME = 'Время в виде м:сс или ч:мм:сс, например 1:35';

describe('parseTimecode', () => {
  it('reads m:ss, mm:ss, plain seconds and h:mm:ss', () => {
    expect(parseTimecode('1:35')).toBe(95);
    expect(parseTimecode('01:35')).toBe(95);
    expect(parseTimecode('95')).toBe(95);
    expect(parseTimecode('1:02:03')).toBe(3723);
    expect(parseTimecode('0:05')).toBe(5);
    expect(parseTimecode('0')).toBe(0);
    expect(parseTimecode(' 22:10 ')).toBe(1330);
    expect(parseTimecode('75:00')).toBe(4500);
    expect(parseTimecode('24:00:00')).toBe(86_400);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '  ', 'abc', '1:5', '1:60', '1:2:3', '1:60:00', '1:35.5', '-5', '1,35', '1::35', ':35', '1:35:', '24:00:01', '100000', '1:02:03:04'])
      expect(parseTimecode(bad), bad).toBeNull();
  });
});

describe('formatting', () => {
  it('writes whole seconds as m:ss or h:mm:ss', () => {
    expect(formatTimecode(0)).toBe('0:00');
    expect(formatTimecode(5)).toBe('0:05');
    expect(formatTimecode(95)).toBe('1:35');
    expect(formatTimecode(95.8)).toBe('1:35');
    expect(formatTimecode(3723)).toBe('1:02:03');
    expect(formatSpan({ start: 1330, end: 1420 })).toBe('22:10–23:40');
  });

  it('sums up both spans, «нет» for a missing one', () => {
    expect(markersSummary(detectedEpisode())).toBe('Опенинг 0:05–1:35 · Эндинг 22:10–23:40');
    expect(markersSummary(manualEpisode())).toBe('Опенинг 1:30–3:00 · Эндинг нет');
    expect(markersSummary(unmarkedEpisode())).toBe('Опенинг нет · Эндинг нет');
  });
});

describe('the editor’s texts', () => {
  const filled = (opening: [string, string] | null, ending: [string, string] | null): MarkersDraft => ({
    opening: opening ? { none: false, start: opening[0], end: opening[1] } : { none: true, start: '', end: '' },
    ending: ending ? { none: false, start: ending[0], end: ending[1] } : { none: true, start: '', end: '' },
  });

  it('start from the episode’s spans; a missing one is ticked «нет» only when a person said so', () => {
    expect(draftOf(detectedEpisode())).toEqual(filled(['0:05', '1:35'], ['22:10', '23:40']));
    expect(draftOf(manualEpisode())).toEqual(filled(['1:30', '3:00'], null));
    expect(draftOf(unmarkedEpisode())).toEqual({ opening: { none: false, start: '', end: '' }, ending: { none: false, start: '', end: '' } });
  });

  it('become the request in seconds, null for «нет»', () => {
    const episode = unmarkedEpisode();
    expect(readMarkers(filled(['0:05', '95'], ['22:10', '23:40']), episode).markers).toEqual({
      opening: { start: 5, end: 95 },
      ending: { start: 1330, end: 1420 },
    });
    expect(readMarkers(filled(null, ['1330', '1420']), episode).markers).toEqual({ opening: null, ending: { start: 1330, end: 1420 } });
    expect(readMarkers(filled(null, null), episode).markers).toEqual({ opening: null, ending: null });
  });

  it('keep an untouched detected time to the fraction, and take a retyped one as typed', () => {
    const episode = detectedEpisode({ opening: { start: 5.4, end: 95.6 } });
    expect(readMarkers(draftOf(episode), episode).markers?.opening).toEqual({ start: 5.4, end: 95.6 });
    expect(readMarkers({ ...draftOf(episode), opening: { none: false, start: '0:06', end: '1:35' } }, episode).markers?.opening).toEqual({
      start: 6,
      end: 95.6,
    });
  });

  it('say what is wrong, field by field', () => {
    const episode = unmarkedEpisode();
    expect(readMarkers(filled(['', 'полторы'], null), episode)).toEqual({
      markers: null,
      errors: { opening: { start: 'Укажите время', end: BAD_TIME }, ending: {} },
    });
    expect(readMarkers(filled(['1:35', '0:05'], null), episode).errors.opening).toEqual({ end: EPISODE_UPLOAD_MESSAGES.badSpan });
    expect(readMarkers(filled(['1:35', '1:35'], null), episode).errors.opening).toEqual({ end: EPISODE_UPLOAD_MESSAGES.badSpan });
    // 23:41 is past the episode's 23:40.
    expect(readMarkers(filled(null, ['22:10', '23:41']), episode)).toEqual({
      markers: null,
      errors: { opening: {}, ending: { end: EPISODE_UPLOAD_MESSAGES.spanPastEnd } },
    });
    expect(readMarkers(filled(null, ['22:10', '23:40']), episode).markers).not.toBeNull();
    // Without a known duration the server is the judge.
    expect(readMarkers(filled(null, ['22:10', '1:00:00']), makeEpisode({ durationSeconds: null })).markers).toEqual({
      opening: null,
      ending: { start: 1330, end: 3600 },
    });
  });

  it('ignore the texts of a span ticked «нет»', () => {
    const draft: MarkersDraft = { opening: { none: true, start: 'мусор', end: '' }, ending: { none: false, start: '22:10', end: '23:40' } };
    expect(readMarkers(draft, unmarkedEpisode())).toEqual({
      markers: { opening: null, ending: { start: 1330, end: 1420 } },
      errors: { opening: {}, ending: {} },
    });
  });
});

import { COMMENT_SPOILER_AT_MAX, spoilerLabel } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { parseEpisode, parseSpoilerTime } from './spoiler-time';

describe('the spoiler moment typed in the form', () => {
  it('reads MM:SS, H:MM:SS and bare minutes', () => {
    expect(parseSpoilerTime('05:00')).toBe(300);
    expect(parseSpoilerTime('5:07')).toBe(307);
    expect(parseSpoilerTime(' 23:59 ')).toBe(23 * 60 + 59);
    expect(parseSpoilerTime('75:10')).toBe(75 * 60 + 10);
    expect(parseSpoilerTime('1:02:03')).toBe(3723);
    expect(parseSpoilerTime('12')).toBe(720);
  });

  it('is 0 when left empty (the server default)', () => {
    expect(parseSpoilerTime('')).toBe(0);
    expect(parseSpoilerTime('   ')).toBe(0);
  });

  it('refuses what is not a time or lies beyond a day', () => {
    for (const value of ['abc', '5:60', '1:60:00', '-1:00', '5.30', '5:', ':30', '1:2:3:4', '05:00<script>']) {
      expect(parseSpoilerTime(value)).toBeNull();
    }
    expect(parseSpoilerTime('24:00:00')).toBe(COMMENT_SPOILER_AT_MAX);
    expect(parseSpoilerTime('24:00:01')).toBeNull();
  });

  it('round-trips with the label the list shows', () => {
    expect(spoilerLabel(2, parseSpoilerTime('05:00')!)).toBe('Спойлер к серии 2, 05:00');
    expect(spoilerLabel(12, parseSpoilerTime('1:02:03')!)).toBe('Спойлер к серии 12, 1:02:03');
    expect(spoilerLabel(1, parseSpoilerTime('')!)).toBe('Спойлер к серии 1, 00:00');
  });
});

describe('the spoiler episode', () => {
  it('is a whole number from 1, up to the episode count when known', () => {
    expect(parseEpisode('2')).toBe(2);
    expect(parseEpisode(' 12 ', 24)).toBe(12);
    expect(parseEpisode('25', 24)).toBeNull();
    expect(parseEpisode('25', null)).toBe(25);
    for (const value of ['', '0', '-1', '1.5', 'два', '1e3']) expect(parseEpisode(value)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date';

describe('formatRelativeDate', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [5, 'только что'],
    [60, '1 минуту назад'],
    [5 * 60, '5 минут назад'],
    [2 * 3600, '2 часа назад'],
    [3 * 86400, '3 дня назад'],
  ])('%i s ago reads «%s»', (seconds, text) => {
    expect(formatRelativeDate(ago(seconds), now)).toBe(text);
  });

  it('gives the date after a week, and nothing for a bad date', () => {
    expect(formatRelativeDate(ago(30 * 86400), now)).toMatch(/2026/);
    expect(formatRelativeDate('not a date', now)).toBe('');
  });
});

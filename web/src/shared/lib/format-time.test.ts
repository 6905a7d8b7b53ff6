import { describe, expect, it } from 'vitest';
import { formatTime } from './format-time';

describe('time labels', () => {
  it('reads minutes and seconds, hours past an hour', () => {
    expect(formatTime(754.9)).toBe('12:34');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

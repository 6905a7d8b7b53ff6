import { describe, expect, it } from 'vitest';
import { currentQualityLabel, levelLabel } from './quality';
import { toQualityLevels } from '../../../shared/video/use-hls-source';

const levels = toQualityLevels([
  { height: 480, bitrate: 900_000 },
  { height: 1080, bitrate: 5_000_000 },
  { height: 720, bitrate: 2_800_000 },
]);

describe('quality levels', () => {
  it('names a level by its height, or by its bitrate without one', () => {
    expect(levelLabel({ height: 1080, bitrate: 5_000_000 })).toBe('1080p');
    expect(levelLabel({ height: null, bitrate: 800_000 })).toBe('800 кбит/с');
  });

  it('orders levels best first and keeps their hls.js index', () => {
    expect(levels.map((level) => [levelLabel(level), level.index])).toEqual([
      ['1080p', 1],
      ['720p', 2],
      ['480p', 0],
    ]);
  });

  it('shows the chosen level, or "Авто" with what auto plays now', () => {
    expect(currentQualityLabel(levels, 2, 1, 'Авто')).toBe('720p');
    expect(currentQualityLabel(levels, -1, 1, 'Авто')).toBe('Авто (1080p)');
    expect(currentQualityLabel(levels, -1, -1, 'Авто')).toBe('Авто');
  });
});

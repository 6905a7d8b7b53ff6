import { describe, expect, it } from 'vitest';
import { isVideoUrl } from './video-url';

describe('isVideoUrl', () => {
  it.each([
    ['u-1.webm', true],
    ['U-1.WEBM', true],
    ['/uploads/avatars/u-1.webm', true],
    ['https://cdn.example.com/a.webm?v=2', true],
    ['https://cdn.example.com/a.webm#t=1', true],
    ['u-1.gif', false],
    ['https://cdn.example.com/a.png?name=b.webm', false],
    ['webm', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (url, video) => {
    expect(isVideoUrl(url)).toBe(video);
  });
});

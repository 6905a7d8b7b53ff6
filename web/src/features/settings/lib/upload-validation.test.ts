import { describe, expect, it } from 'vitest';
import { formatSize, isVideoFile, mediaFileError } from './upload-validation';

const MB = 1024 * 1024;

describe('avatar and banner files picked in the settings', () => {
  it('accepts the five kinds within their limits', () => {
    expect(mediaFileError({ name: 'me.png', type: 'image/png', size: MB }, 'avatar')).toBeNull();
    expect(mediaFileError({ name: 'me.gif', type: 'image/gif', size: 2 * MB }, 'avatar')).toBeNull();
    expect(mediaFileError({ name: 'bg.webm', type: 'video/webm', size: 5 * MB }, 'banner')).toBeNull();
    expect(mediaFileError({ name: 'bg.jpeg', type: 'image/jpeg', size: 10 }, 'banner')).toBeNull();
    expect(mediaFileError({ name: 'bg.webp', type: 'image/webp', size: 10 }, 'banner')).toBeNull();
  });

  it('names the kind and the allowed types when the type is wrong', () => {
    expect(mediaFileError({ name: 'me.svg', type: 'image/svg+xml', size: 10 }, 'avatar')).toBe(
      'Аватар: подходят только изображения PNG, JPEG, WebP, GIF или видео WebM',
    );
    expect(mediaFileError({ name: 'clip.mp4', type: 'video/mp4', size: 10 }, 'banner')).toMatch(/^Баннер: подходят только/);
  });

  it('falls back to the extension when the browser reports no type', () => {
    expect(mediaFileError({ name: 'me.PNG', type: '', size: 10 }, 'avatar')).toBeNull();
    expect(mediaFileError({ name: 'me.html', type: '', size: 10 }, 'avatar')).toMatch(/подходят только/);
    expect(mediaFileError({ name: 'me.exe', type: 'application/octet-stream', size: 10 }, 'avatar')).toMatch(/подходят только/);
  });

  it('says how big a file may be: 2 МБ for an avatar, 5 МБ for a banner', () => {
    expect(mediaFileError({ name: 'me.png', type: 'image/png', size: 2 * MB + 1 }, 'avatar')).toBe('Аватар слишком большой: не больше 2 МБ');
    expect(mediaFileError({ name: 'bg.png', type: 'image/png', size: 5 * MB + 1 }, 'banner')).toBe('Баннер слишком большой: не больше 5 МБ');
    expect(mediaFileError({ name: 'me.png', type: 'image/png', size: 0 }, 'avatar')).toBe('Файл пуст');
  });

  it('words sizes the Russian way', () => {
    expect(formatSize(2 * MB)).toBe('2 МБ');
    expect(formatSize(1.5 * MB)).toBe('1,5 МБ');
    expect(formatSize(500 * 1024)).toBe('500 КБ');
  });

  it('shows WebM as video, everything else as an image', () => {
    expect(isVideoFile({ name: 'a.webm', type: '' })).toBe(true);
    expect(isVideoFile({ name: 'a', type: 'video/webm' })).toBe(true);
    expect(isVideoFile({ name: 'a.gif', type: 'image/gif' })).toBe(false);
  });
});

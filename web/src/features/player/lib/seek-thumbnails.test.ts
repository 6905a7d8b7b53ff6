import { describe, expect, it } from 'vitest';
import { parseThumbnailsVtt, parseVttTime, thumbnailAt } from './seek-thumbnails';

const VTT_URL = 'https://portal.test/media/episodes/20/1/abc-a1/thumbnails/thumbnails.vtt';
const SPRITES = 'https://portal.test/media/episodes/20/1/abc-a1/thumbnails';

/** What the catalogue writes (apps/catalogue/src/episodes/uploads/seek-thumbnails.ts): 3 cues of 2 s, the last up to the end. */
const TRACK = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:02.000',
  'sprite-1.jpg#xywh=0,0,160,90',
  '',
  '00:00:02.000 --> 00:00:04.000',
  'sprite-1.jpg#xywh=160,0,160,90',
  '',
  '00:00:04.000 --> 00:00:05.500',
  'sprite-2.jpg#xywh=0,0,160,90',
  '',
].join('\n');

describe('parseThumbnailsVtt', () => {
  it('reads each cue’s times and sprite region, the sprite resolved against the track’s URL', () => {
    expect(parseThumbnailsVtt(TRACK, VTT_URL)).toEqual([
      { start: 0, end: 2, url: `${SPRITES}/sprite-1.jpg`, x: 0, y: 0, width: 160, height: 90 },
      { start: 2, end: 4, url: `${SPRITES}/sprite-1.jpg`, x: 160, y: 0, width: 160, height: 90 },
      { start: 4, end: 5.5, url: `${SPRITES}/sprite-2.jpg`, x: 0, y: 0, width: 160, height: 90 },
    ]);
  });

  it('resolves sprites named by path or by full URL, and keeps data: URLs as they are', () => {
    const track = [
      'WEBVTT',
      '',
      '00:00.000 --> 00:02.000',
      '../sprites/a.jpg#xywh=0,0,10,10',
      '',
      '00:02.000 --> 00:04.000',
      '/elsewhere/b.jpg#xywh=10,0,10,10',
      '',
      '00:04.000 --> 00:06.000',
      'https://cdn.test/c.jpg#xywh=pixel:0,10,10,10',
      '',
      '00:06.000 --> 00:08.000',
      'data:image/svg+xml,%3Csvg%2F%3E#xywh=0,0,10,10',
    ].join('\n');
    expect(parseThumbnailsVtt(track, VTT_URL).map((thumbnail) => thumbnail.url)).toEqual([
      'https://portal.test/media/episodes/20/1/abc-a1/sprites/a.jpg',
      'https://portal.test/elsewhere/b.jpg',
      'https://cdn.test/c.jpg',
      'data:image/svg+xml,%3Csvg%2F%3E',
    ]);
  });

  it('takes CRLF, a byte order mark, cue identifiers, cue settings and NOTE blocks, and sorts by start', () => {
    const track = [
      '\uFEFFWEBVTT - seek thumbnails',
      '',
      'NOTE made by the catalogue',
      '',
      'second',
      '00:00:02.000 --> 00:00:04.000 align:start',
      'sprite-1.jpg#xywh=160,0,160,90',
      '',
      'first',
      '00:00:00.000 --> 00:00:02.000',
      'sprite-1.jpg#xywh=0,0,160,90',
      '',
    ].join('\r\n');
    expect(parseThumbnailsVtt(track, VTT_URL).map((thumbnail) => [thumbnail.start, thumbnail.x])).toEqual([
      [0, 0],
      [2, 160],
    ]);
  });

  it('leaves out cues without a region, with unreadable or backward times, and answers nothing for what is no WebVTT', () => {
    const track = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:02.000',
      'sprite-1.jpg',
      '',
      '00:00:02.000 --> 00:00:01.000',
      'sprite-1.jpg#xywh=160,0,160,90',
      '',
      '0:2.5 --> 00:00:04.000',
      'sprite-1.jpg#xywh=320,0,160,90',
      '',
      '00:00:04.000 --> 00:00:06.000',
      'sprite-1.jpg#xywh=480,0,0,90',
      '',
      '00:00:06.000 --> 00:00:08.000',
      'sprite-1.jpg#xywh=640,0,160,90',
    ].join('\n');
    expect(parseThumbnailsVtt(track, VTT_URL).map((thumbnail) => thumbnail.start)).toEqual([6]);
    expect(parseThumbnailsVtt('<!doctype html><title>portal</title>', VTT_URL)).toEqual([]);
    expect(parseThumbnailsVtt('', VTT_URL)).toEqual([]);
  });
});

describe('parseVttTime', () => {
  it('reads hours, minutes, seconds and milliseconds, the hours optional', () => {
    expect(parseVttTime('01:02:03.045')).toBeCloseTo(3723.045, 6);
    expect(parseVttTime('02:03.500')).toBe(123.5);
    expect(parseVttTime('00:60:00.000')).toBeNull();
    expect(parseVttTime('1.5')).toBeNull();
  });
});

describe('thumbnailAt', () => {
  const thumbnails = parseThumbnailsVtt(TRACK, VTT_URL);

  it('finds the cue a time falls in, its start included and its end not', () => {
    expect(thumbnailAt(thumbnails, 0)?.x).toBe(0);
    expect(thumbnailAt(thumbnails, 1.999)?.x).toBe(0);
    expect(thumbnailAt(thumbnails, 2)?.x).toBe(160);
    expect(thumbnailAt(thumbnails, 4.2)?.url).toBe(`${SPRITES}/sprite-2.jpg`);
  });

  it('answers the last cue at the very end, and nothing before the first, past the last or in a gap', () => {
    expect(thumbnailAt(thumbnails, 5.5)?.start).toBe(4);
    expect(thumbnailAt(thumbnails, 5.6)).toBeNull();
    expect(thumbnailAt(thumbnails, -1)).toBeNull();
    expect(thumbnailAt([], 3)).toBeNull();
    const gap = thumbnails.filter((thumbnail) => thumbnail.start !== 2);
    expect(thumbnailAt(gap, 3)).toBeNull();
  });

  it('finds every cue of a long track', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({ start: index * 5, end: index * 5 + 5, url: 'x', x: index, y: 0, width: 1, height: 1 }));
    for (const index of [0, 1, 499, 500, 998, 999]) expect(thumbnailAt(many, index * 5 + 2.5)?.x).toBe(index);
  });
});

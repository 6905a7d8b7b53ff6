import {
  jpegSize,
  playlistSeconds,
  thumbnailArgs,
  thumbnailCues,
  thumbnailInterval,
  thumbnailPlan,
  thumbnailsVtt,
  tileOf,
  vttTimestamp,
} from './seek-thumbnails';

describe('thumbnailInterval', () => {
  it('takes a thumbnail every 2 s of a short episode and widens the interval to keep about 300, up to 10 s', () => {
    expect(thumbnailInterval(4)).toBe(2);
    expect(thumbnailInterval(600)).toBe(2);
    expect(thumbnailInterval(601)).toBe(3);
    // A 24-minute episode: every 5 s, 288 thumbnails.
    expect(thumbnailInterval(1440)).toBe(5);
    expect(thumbnailInterval(3000)).toBe(10);
    // A film: never sparser than every 10 s.
    expect(thumbnailInterval(2 * 3600)).toBe(10);
  });
});

describe('thumbnailPlan', () => {
  it('lays a few thumbnails out in one row and more in rows of 10, at most 10 × 10 a sprite', () => {
    expect(thumbnailPlan(4)).toEqual({ durationSeconds: 4, intervalSeconds: 2, count: 2, layout: { columns: 2, rows: 1 }, sprites: 1 });
    expect(thumbnailPlan(60)).toMatchObject({ count: 30, layout: { columns: 10, rows: 3 }, sprites: 1 });
    expect(thumbnailPlan(1440)).toMatchObject({ intervalSeconds: 5, count: 288, layout: { columns: 10, rows: 10 }, sprites: 3 });
    expect(thumbnailPlan(200)).toMatchObject({ count: 100, layout: { columns: 10, rows: 10 }, sprites: 1 });
  });

  it('makes no thumbnail for the last half second, nor past the end of the picture', () => {
    // 60.023 s: the thumbnail at 60 s would show the last 23 ms; the one at 58 s covers them.
    expect(thumbnailPlan(60.023).count).toBe(30);
    expect(thumbnailPlan(60.6).count).toBe(31);
    // The sound runs 3 s past the picture: thumbnails only where there is a picture to show.
    expect(thumbnailPlan(10, 7.04).count).toBe(4);
    expect(thumbnailPlan(10, 12).count).toBe(5);
    expect(thumbnailPlan(0.3).count).toBe(1);
  });
});

describe('thumbnailArgs', () => {
  it('decodes the picture only, takes a frame per interval from 0, keeps the planned number and tiles them into numbered JPEGs', () => {
    const args = thumbnailArgs({ input: '/m/v360/index.m3u8', outDir: '/m/thumbnails', plan: thumbnailPlan(1440) });
    expect(args.slice(0, 5)).toEqual(['-progress', 'pipe:1', '-nostats', '-i', '/m/v360/index.m3u8']);
    expect(args).toEqual(expect.arrayContaining(['-map', '0:v:0', '-an', '-sn', '-dn']));
    expect(args[args.indexOf('-vf') + 1]).toBe('fps=fps=1/5:start_time=0:round=up,trim=end_frame=288,scale=160:-2,tile=10x10');
    expect(args[args.indexOf('-q:v') + 1]).toBe('5');
    expect(args.slice(-5)).toEqual(['-f', 'image2', '-start_number', '1', '/m/thumbnails/sprite-%d.jpg']);
  });
});

describe('tileOf', () => {
  it('divides a sprite by its layout, and refuses one that does not divide', () => {
    expect(tileOf({ width: 1600, height: 900 }, { columns: 10, rows: 10 })).toEqual({ width: 160, height: 90 });
    expect(tileOf({ width: 320, height: 120 }, { columns: 2, rows: 1 })).toEqual({ width: 160, height: 120 });
    expect(tileOf({ width: 1600, height: 905 }, { columns: 10, rows: 10 })).toBeNull();
  });
});

describe('thumbnailCues and thumbnailsVtt', () => {
  it('covers the episode back to back from 0 to its duration, each cue naming its sprite region', () => {
    const plan = thumbnailPlan(1440.5);
    const cues = thumbnailCues(plan, { width: 160, height: 90 });

    expect(cues).toHaveLength(288);
    expect(cues[0]).toEqual({ start: 0, end: 5, sprite: 'sprite-1.jpg', x: 0, y: 0, width: 160, height: 90 });
    expect(cues[11]).toMatchObject({ start: 55, end: 60, sprite: 'sprite-1.jpg', x: 160, y: 90 });
    expect(cues[99]).toMatchObject({ sprite: 'sprite-1.jpg', x: 1440, y: 810 });
    expect(cues[100]).toMatchObject({ start: 500, sprite: 'sprite-2.jpg', x: 0, y: 0 });
    expect(cues.at(-1)).toMatchObject({ start: 1435, end: 1440.5, sprite: 'sprite-3.jpg', x: 1120, y: 720 });
    cues.slice(1).forEach((cue, index) => expect(cue.start).toBe(cues[index].end));
  });

  it('lets the last thumbnail cover the end of the episode the picture does not reach', () => {
    const cues = thumbnailCues(thumbnailPlan(10, 7.04), { width: 160, height: 120 });
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 10],
    ]);
  });

  it('writes a WebVTT track: HH:MM:SS.mmm times, the sprite relative to the track with #xywh', () => {
    const vtt = thumbnailsVtt(thumbnailCues(thumbnailPlan(4.04), { width: 160, height: 90 }));
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        'sprite-1.jpg#xywh=0,0,160,90',
        '',
        '00:00:02.000 --> 00:00:04.040',
        'sprite-1.jpg#xywh=160,0,160,90',
        '',
      ].join('\n'),
    );
  });

  it('writes hours, minutes, seconds and milliseconds, rounded to the millisecond', () => {
    expect(vttTimestamp(0)).toBe('00:00:00.000');
    expect(vttTimestamp(59.9996)).toBe('00:01:00.000');
    expect(vttTimestamp(3723.0456)).toBe('01:02:03.046');
    expect(vttTimestamp(-1)).toBe('00:00:00.000');
  });
});

describe('playlistSeconds', () => {
  it('adds up the segments of a media playlist', () => {
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nseg-00000.ts\n#EXTINF:3.040000,\nseg-00001.ts\n#EXT-X-ENDLIST\n';
    expect(playlistSeconds(playlist)).toBeCloseTo(7.04, 6);
    expect(playlistSeconds(playlist.replaceAll('\n', '\r\n'))).toBeCloseTo(7.04, 6);
  });

  it('has no length without segments', () => {
    expect(playlistSeconds('#EXTM3U\n#EXT-X-ENDLIST\n')).toBeNull();
    expect(playlistSeconds('')).toBeNull();
  });
});

describe('jpegSize', () => {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  // SOI, APP0 (JFIF), DQT, then a baseline frame header of 1600 × 270.
  const header = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, new Array(65).fill(1)),
    ...segment(0xc0, [8, 0x01, 0x0e, 0x06, 0x40, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  ];

  it('reads the width and height from the frame header, past the segments before it', () => {
    expect(jpegSize(Uint8Array.from(header))).toEqual({ width: 1600, height: 270 });
    // A progressive frame header (SOF2) and fill bytes before a marker.
    const progressive = [0xff, 0xd8, 0xff, ...segment(0xc2, [8, 0, 90, 0, 160, 1, 1, 0x11, 0])];
    expect(jpegSize(Uint8Array.from(progressive))).toEqual({ width: 160, height: 90 });
  });

  it('answers null for what is no JPEG, or one cut before its frame header', () => {
    expect(jpegSize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(jpegSize(Uint8Array.from(header.slice(0, 30)))).toBeNull();
    expect(jpegSize(new Uint8Array())).toBeNull();
    // The Huffman table segment (C4) is no frame header.
    expect(jpegSize(Uint8Array.from([0xff, 0xd8, ...segment(0xc4, [0, 1, 2, 3, 4, 5, 6])]))).toBeNull();
  });
});

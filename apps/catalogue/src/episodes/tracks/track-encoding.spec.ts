import { addedAudioArgs, subtitleArgs, subtitlePlaylist, subtitleTextAsUtf8, withTimestampMap } from './track-encoding';

describe('track encoding', () => {
  it('encodes an added voice-over as the ladder’s audio renditions, cut at the episode’s end, its time 0 at the first video frame', () => {
    const args = addedAudioArgs({ input: '/m/in.mka', outDir: '/m/ep/tracks/.t1-ab', durationSeconds: 1420.5, videoStartPts: 133_200 });
    expect(args).toEqual(expect.arrayContaining(['-map', '0:a:0', '-vn', '-sn', '-t', '1420.500', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000']));
    expect(args.slice(args.indexOf('-muxdelay'), args.indexOf('-muxdelay') + 4)).toEqual(['-muxdelay', '0', '-output_ts_offset', '1.480000']);
    expect(args.slice(-2)).toEqual(['/m/ep/tracks/.t1-ab/seg-%05d.ts', '/m/ep/tracks/.t1-ab/index.m3u8']);
    expect(args[args.indexOf('-hls_time') + 1]).toBe('4');
    expect(addedAudioArgs({ input: '/i', outDir: '/o/t', durationSeconds: 1, videoStartPts: null })).not.toContain('-output_ts_offset');
  });

  it('converts the first subtitle stream to WebVTT', () => {
    expect(subtitleArgs('/in.ass', '/out.vtt')).toEqual(['-i', '/in.ass', '-map', '0:s:0', '-c:s', 'webvtt', '-f', 'webvtt', '/out.vtt']);
  });

  it('ties the cues to the video’s clock in the WebVTT header', () => {
    const vtt = '\uFEFFWEBVTT\n\n00:00.500 --> 00:02.000\nПривет\n';
    expect(withTimestampMap(vtt, 133_200)).toBe('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:133200,LOCAL:00:00:00.000\n\n00:00.500 --> 00:02.000\nПривет\n');
    expect(withTimestampMap(vtt, null)).toBe(vtt);
  });

  it('lists the WebVTT file as one segment as long as the episode', () => {
    expect(subtitlePlaylist(1420.5)).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1421\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:1420.500,\nsubtitles.vtt\n#EXT-X-ENDLIST\n',
    );
  });

  it('reads subtitles that are not UTF-8 as Windows-1251, and leaves UTF-8 and UTF-16 alone', () => {
    const cp1251 = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    expect(subtitleTextAsUtf8(cp1251)?.toString('utf8')).toBe('Привет');
    expect(subtitleTextAsUtf8(Buffer.from('Привет', 'utf8'))).toBeNull();
    expect(subtitleTextAsUtf8(Buffer.from([0xff, 0xfe, 0x1f, 0x04]))).toBeNull();
  });
});

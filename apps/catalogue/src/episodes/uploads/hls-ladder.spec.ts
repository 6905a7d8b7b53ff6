import { ladderFor, transcodeArgs, videoKbpsFor } from './hls-ladder';
import { type AudioRendition, bitRatesOf, h264CodecOf, masterPlaylist, parseMediaPlaylist, type VideoVariant, videoStartPtsOf } from './hls-master-playlist';

const sizes = (width: number, height: number) => ladderFor(width, height).map((rung) => `${rung.width}x${rung.height}`);

describe('ladderFor', () => {
  it('gives a 1080p source the standard rungs up to its height, 16:9 widths and the table bit rates', () => {
    expect(ladderFor(1920, 1080)).toEqual([
      { width: 640, height: 360, videoKbps: 800, maxrateKbps: 856, bufsizeKbps: 1200 },
      { width: 854, height: 480, videoKbps: 1400, maxrateKbps: 1498, bufsizeKbps: 2100 },
      { width: 1280, height: 720, videoKbps: 2800, maxrateKbps: 2996, bufsizeKbps: 4200 },
      { width: 1920, height: 1080, videoKbps: 5000, maxrateKbps: 5350, bufsizeKbps: 7500 },
    ]);
  });

  it('goes up to 2160 for a 4K source', () => {
    expect(sizes(3840, 2160)).toEqual(['640x360', '854x480', '1280x720', '1920x1080', '2560x1440', '3840x2160']);
    expect(ladderFor(3840, 2160).map((rung) => rung.videoKbps)).toEqual([800, 1400, 2800, 5000, 9000, 16000]);
  });

  it('adds the own height of a scope source well above its highest standard rung, its bit rate interpolated', () => {
    // 1280×544 (2.35:1): 360 and 480, plus 544 so it keeps its full picture instead of topping out at 1130×480.
    expect(sizes(1280, 544)).toEqual(['848x360', '1130x480', '1280x544']);
    expect(ladderFor(1280, 544).at(-1)?.videoKbps).toBe(videoKbpsFor(544));
    expect(videoKbpsFor(544)).toBeGreaterThan(1400);
    expect(videoKbpsFor(544)).toBeLessThan(2800);
  });

  it('adds no own rung to a source barely above a standard height', () => {
    expect(sizes(1920, 1088).map((size) => size.split('x')[1])).toEqual(['360', '480', '720', '1080']);
    expect(sizes(4096, 2304).at(-1)).toBe('3840x2160');
  });

  it('gives a 640×360 source its one rung, never upscaling', () => {
    expect(sizes(640, 360)).toEqual(['640x360']);
  });

  it('gives a source under 360 a single rung at its own even height', () => {
    expect(sizes(320, 240)).toEqual(['320x240']);
    expect(sizes(321, 241)).toEqual(['320x240']);
    const [rung] = ladderFor(320, 240);
    expect(rung.videoKbps).toBeLessThan(800);
    expect(rung.videoKbps).toBeGreaterThan(0);
  });

  it('keeps every size even (yuv420p)', () => {
    for (const [width, height] of [
      [1918, 1078],
      [853, 481],
      [1440, 1080],
      [720, 576],
    ]) {
      for (const rung of ladderFor(width, height)) expect([rung.width % 2, rung.height % 2]).toEqual([0, 0]);
    }
  });
});

describe('transcodeArgs', () => {
  const rungs = ladderFor(1920, 1080);
  const args = transcodeArgs({
    source: '/media/uploads/source.mkv',
    outDir: '/media/episodes/20/1/.scratch',
    rungs,
    audioTracks: [{ index: 0 }, { index: 1 }],
    preset: 'veryfast',
  });
  const valuesOf = (option: string) => args.flatMap((arg, index) => (arg === option ? [args[index + 1]] : []));
  const outputs = args.filter((arg) => arg.endsWith('/index.m3u8'));

  it('decodes once: one input and one filter graph that splits the picture and scales it per rung', () => {
    expect(valuesOf('-i')).toEqual(['/media/uploads/source.mkv']);
    expect(valuesOf('-filter_complex')).toEqual([
      '[0:v:0]split=4[s0][s1][s2][s3];[s0]scale=640:360,setsar=1[v360];[s1]scale=854:480,setsar=1[v480];' +
        '[s2]scale=1280:720,setsar=1[v720];[s3]scale=1920:1080,setsar=1[v1080]',
    ]);
  });

  it('writes one output per rung, with the default audio stream muxed in, and one per other audio stream, each into its own folder', () => {
    const root = '/media/episodes/20/1/.scratch';
    expect(outputs).toEqual(['v360', 'v480', 'v720', 'v1080', 'audio-1'].map((folder) => `${root}/${folder}/index.m3u8`));
    expect(valuesOf('-hls_segment_filename')).toEqual(outputs.map((output) => output.replace('index.m3u8', 'seg-%05d.ts')));
    expect(valuesOf('-map')).toEqual(['[v360]', '0:a:0', '[v480]', '0:a:0', '[v720]', '0:a:0', '[v1080]', '0:a:0', '0:a:1']);
    expect(args).not.toContain('-var_stream_map');
  });

  it('encodes each rung with H.264 High, its bit rate, and a closed GOP cut at every segment', () => {
    const [first] = outputs;
    const rung = args.slice(args.indexOf('[v360]') - 1, args.indexOf(first) + 1);
    for (const [option, value] of [
      ['-c:v', 'libx264'],
      ['-preset', 'veryfast'],
      ['-profile:v', 'high'],
      ['-pix_fmt', 'yuv420p'],
      ['-b:v', '800k'],
      ['-maxrate', '856k'],
      ['-bufsize', '1200k'],
      ['-force_key_frames', 'expr:gte(t,n_forced*4)'],
      ['-sc_threshold', '0'],
      ['-f', 'hls'],
      ['-hls_time', '4'],
      ['-hls_playlist_type', 'vod'],
      ['-hls_flags', 'independent_segments'],
    ]) {
      expect(rung[rung.indexOf(option) + 1]).toBe(value);
    }
    expect(rung).not.toContain('-an');
    expect(valuesOf('-c:v')).toHaveLength(4);
    expect(valuesOf('-b:v')).toEqual(['800k', '1400k', '2800k', '5000k']);
  });

  it('encodes the audio as AAC 128k stereo at 48 kHz: the default in every rung, each other stream alone', () => {
    const audio = args.slice(args.indexOf('0:a:1') - 1);
    expect(audio).toEqual(expect.arrayContaining(['-vn', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000']));
    expect(valuesOf('-c:a')).toEqual(['aac', 'aac', 'aac', 'aac', 'aac']);
  });

  it('reports progress on stdout instead of stats on stderr', () => {
    expect(valuesOf('-progress')).toEqual(['pipe:1']);
    expect(args).toContain('-nostats');
  });

  it('follows the segment length and the frame rate when given', () => {
    const two = transcodeArgs({ source: '/s.mkv', outDir: '/o', rungs: rungs.slice(0, 1), audioTracks: [], preset: 'slow', segmentSeconds: 2, fps: 23.976 });
    expect(two).toEqual(expect.arrayContaining(['-hls_time', '2', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-g', '48']));
    expect(two.filter((arg) => arg.endsWith('index.m3u8'))).toEqual(['/o/v360/index.m3u8']);
    expect(two).not.toContain('-c:a');
    expect(two).toContain('-an');
  });
});

describe('masterPlaylist', () => {
  const variants: VideoVariant[] = [
    { uri: 'v720/index.m3u8', width: 1280, height: 720, bandwidth: 3_000_000, averageBandwidth: 2_700_000, videoCodec: 'avc1.64001f' },
    { uri: 'v360/index.m3u8', width: 640, height: 360, bandwidth: 900_000, averageBandwidth: 780_000, videoCodec: 'avc1.64001e' },
  ];
  const audio: AudioRendition[] = [
    { uri: null, index: 0, language: 'jpn', title: null, bandwidth: 0, averageBandwidth: 0 },
    { uri: 'audio-1/index.m3u8', index: 1, language: 'rus', title: 'Студия "Кураж-Бамбей"', bandwidth: 150_000, averageBandwidth: 129_000 },
  ];

  it('lists the audio group (the first, muxed, by default without a URI; names escaped) and the rungs ascending with the alternate audio added to their bit rates', () => {
    expect(masterPlaylist({ variants, audio })).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:6',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Японский",LANGUAGE="ja",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2"',
        `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Студия 'Кураж-Бамбей'",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio-1/index.m3u8"`,
        '#EXT-X-STREAM-INF:BANDWIDTH=1050000,AVERAGE-BANDWIDTH=909000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",AUDIO="audio"',
        'v360/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3150000,AVERAGE-BANDWIDTH=2829000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio"',
        'v720/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('names a track by its title, else its language, else its number, and keeps names apart', () => {
    const text = masterPlaylist({
      variants: variants.slice(0, 1),
      audio: [
        { ...audio[0], language: 'eng' },
        { ...audio[0], index: 1, language: null, title: '  ' },
        { ...audio[0], index: 2, language: 'und' },
        { ...audio[0], index: 3, language: 'rus' },
        { ...audio[0], index: 4, language: 'rus' },
        { ...audio[0], index: 5, language: 'tat' },
      ],
    });
    const media = text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(media.map((line) => /NAME="([^"]*)"/.exec(line)?.[1])).toEqual(['Английский', 'Дорожка 2', 'Дорожка 3', 'Русский', 'Русский (5)', 'Дорожка 6']);
    expect(media.map((line) => /LANGUAGE="([^"]*)"/.exec(line)?.[1] ?? null)).toEqual(['en', null, null, 'ru', 'ru', 'tat']);
    expect(media.filter((line) => line.includes('DEFAULT=YES'))).toHaveLength(1);
  });

  it('lists subtitles as a group of their own, never on by default, named apart, and every variant names the group', () => {
    const added: AudioRendition = {
      uri: 'tracks/a1/index.m3u8',
      index: 2,
      language: 'ru',
      title: 'AniDub',
      bandwidth: 200_000,
      averageBandwidth: 131_000,
    };
    const text = masterPlaylist({
      variants,
      audio: [...audio, added],
      subtitles: [
        { uri: 'tracks/s1/index.m3u8', name: 'Crunchyroll', language: 'en' },
        { uri: 'tracks/s2/index.m3u8', name: 'Crunchyroll', language: null },
      ],
    });
    const lines = text.split('\n');
    expect(lines.filter((line) => line.includes('TYPE=SUBTITLES'))).toEqual([
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Crunchyroll",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,URI="tracks/s1/index.m3u8"',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Crunchyroll (2)",DEFAULT=NO,AUTOSELECT=YES,URI="tracks/s2/index.m3u8"',
    ]);
    expect(lines).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="AniDub",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="tracks/a1/index.m3u8"',
    );
    // The added voice-over is the largest alternate: its rates are the ones added to the variants'.
    expect(lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'))).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=1100000,AVERAGE-BANDWIDTH=911000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2",AUDIO="audio",SUBTITLES="subs"',
      '#EXT-X-STREAM-INF:BANDWIDTH=3200000,AVERAGE-BANDWIDTH=2831000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio",SUBTITLES="subs"',
    ]);
    expect(masterPlaylist({ variants, audio, subtitles: [] })).toBe(masterPlaylist({ variants, audio }));
    expect(masterPlaylist({ variants, audio })).not.toContain('SUBTITLES');
  });

  it('has no audio group and only the video codec for a source without sound', () => {
    const text = masterPlaylist({ variants, audio: [] });
    expect(text).not.toContain('#EXT-X-MEDIA');
    expect(text).toContain('#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=780000,RESOLUTION=640x360,CODECS="avc1.64001e"\n');
    expect(text).not.toContain('AUDIO=');
  });
});

describe('measuring segments', () => {
  it('reads the segments and target duration of a media playlist', () => {
    const playlist = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nseg-00000.ts\n#EXTINF:0.040000,\nseg-00001.ts\n#EXT-X-ENDLIST\n';
    expect(parseMediaPlaylist(playlist)).toEqual({
      targetDuration: 4,
      segments: [
        { uri: 'seg-00000.ts', duration: 4 },
        { uri: 'seg-00001.ts', duration: 0.04 },
      ],
    });
  });

  it('takes the peak over runs of 0.5 to 1.5 target durations, so a one-frame last segment does not count alone', () => {
    const rates = bitRatesOf(
      [
        { duration: 4, bytes: 400_000 },
        { duration: 4, bytes: 600_000 },
        { duration: 0.04, bytes: 50_000 },
      ],
      4,
    );
    // The last two together: 650 kB over 4.04 s; alone the last would claim 10 Mbit/s.
    expect(rates).toEqual({ bandwidth: Math.ceil((650_000 * 8) / 4.04), averageBandwidth: Math.ceil((1_050_000 * 8) / 8.04) });
  });

  it('falls back to the average for a playlist shorter than half a target duration', () => {
    expect(bitRatesOf([{ duration: 1, bytes: 1000 }], 4)).toEqual({ bandwidth: 8000, averageBandwidth: 8000 });
  });

  it('reads avc1.PPCCLL from the first sequence parameter set of an MPEG-TS segment', () => {
    const packet = Buffer.alloc(188, 0xff);
    // Sync byte, payload start on PID 0x100, payload only; a video PES header of 9 + 0 bytes; an SPS of High (0x64) 3.1 (0x1f).
    Buffer.from([0x47, 0x41, 0x00, 0x10]).copy(packet, 0);
    Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0, 0]).copy(packet, 4);
    Buffer.from([0, 0, 0, 1, 0x67, 0x64, 0x00, 0x1f, 0xac]).copy(packet, 13);
    expect(h264CodecOf(packet)).toBe('avc1.64001f');
    expect(h264CodecOf(Buffer.from('not a transport stream'.repeat(20)))).toBeNull();
  });

  it('reads the first video frame’s PTS from its PES header (33 bits, 90 kHz)', () => {
    const packet = Buffer.alloc(188, 0xff);
    Buffer.from([0x47, 0x41, 0x00, 0x10]).copy(packet, 0);
    // PTS only ('10' flags), 5 header bytes: PTS 0x1_2345_6789 in the marker-bit layout of ISO 13818-1.
    const pts = 0x1_2345_6789;
    const field = [
      0x21 | (Math.floor(pts / 2 ** 30) << 1),
      (Math.floor(pts / 2 ** 22) & 0xff) >>> 0,
      ((Math.floor(pts / 2 ** 15) & 0x7f) << 1) | 1,
      Math.floor(pts / 2 ** 7) & 0xff,
      ((pts & 0x7f) << 1) | 1,
    ];
    Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5, ...field]).copy(packet, 4);
    expect(videoStartPtsOf(packet)).toBe(pts);
    // A PES without a PTS, and no transport stream at all.
    Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0, 0]).copy(packet, 4);
    expect(videoStartPtsOf(packet)).toBeNull();
    expect(videoStartPtsOf(Buffer.from('not a transport stream'.repeat(20)))).toBeNull();
  });
});

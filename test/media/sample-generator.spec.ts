import { existsSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  ffprobe,
  meanColourAt,
  mediaTool,
  readManifest,
  runMediaTool,
  runSamplesCommand,
  type SampleManifestFile,
  tempMediaDir,
  TINY_SAMPLES,
} from './media-test-kit';

interface Playlist {
  tags: Record<string, string | true>;
  variants: Array<Record<string, string>>;
  segments: Array<{ uri: string; duration: number }>;
}

/** A small HLS reader of its own, so the test does not trust the generator's parser. */
function parsePlaylist(text: string): Playlist {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  expect(lines[0]).toBe('#EXTM3U');
  const playlist: Playlist = { tags: {}, variants: [], segments: [] };
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index];
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attributes = Object.fromEntries([...line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map(([, key, value]) => [key, value.replace(/"/g, '')]));
      playlist.variants.push({ ...attributes, uri: lines[++index] });
    } else if (line.startsWith('#EXTINF:')) {
      playlist.segments.push({ duration: Number.parseFloat(line.slice(8)), uri: lines[++index] });
    } else if (line.startsWith('#')) {
      const [tag, value] = line.slice(1).split(/:(.*)/s);
      playlist.tags[tag] = value ?? true;
    }
  }
  return playlist;
}

describe('npm run media:samples: sample episodes made with ffmpeg', () => {
  const media = tempMediaDir();
  let firstRun: ReturnType<typeof runSamplesCommand>;
  let manifest: SampleManifestFile;
  const masterOf = (animeId: number, number: number) => {
    const episode = manifest.episodes.find((item) => item.animeId === animeId && item.number === number);
    if (!episode) throw new Error(`no episode ${animeId}/${number} in the manifest`);
    return join(media.dir, episode.master);
  };

  beforeAll(() => {
    firstRun = runSamplesCommand(['--media-dir', media.dir, ...TINY_SAMPLES]);
    if (firstRun.status !== 0) throw new Error(`generation failed: ${firstRun.stderr}`);
    manifest = readManifest(media.dir);
  }, 120_000);
  afterAll(() => media.remove());

  it('writes a versioned manifest: each episode with its master playlist, qualities, opening and ending', () => {
    expect(firstRun.stdout).toMatch(/3 episodes in .* made in [\d.]+ s/);
    expect(manifest).toMatchObject({ version: 1, spec: expect.stringMatching(/^[0-9a-f]{64}$/), build: manifest.spec.slice(0, 12) });
    expect(manifest.episodes.map((episode) => `${episode.animeId}/${episode.number}`)).toEqual(['20/1', '20/2', '1535/1']);
    for (const episode of manifest.episodes) {
      expect(episode).toMatchObject({
        durationSeconds: 6,
        qualities: [360, 720],
        master: `samples/${manifest.build}/${episode.animeId}/${episode.number}/master.m3u8`,
      });
      expect(existsSync(join(media.dir, episode.master))).toBe(true);
      expect(episode.opening).toEqual({ start: 0, end: 2 });
      expect(episode.ending).toEqual({ start: 5, end: 6 });
    }
  });

  it('makes three sample AMVs of a few seconds (Russian, Latin and digit-first titles) with a manifest the community registers', () => {
    expect(firstRun.stdout).toMatch(/3 sample AMVs in .* made/);
    const amvs = JSON.parse(readFileSync(join(media.dir, 'amv/samples.json'), 'utf8'));
    expect(amvs.version).toBe(1);
    expect(amvs.clips.map((clip: { title: string }) => clip.title[0])).toEqual(['С', 'N', '7']);
    for (const clip of amvs.clips) {
      expect(clip.id).toMatch(/^[0-9a-f-]{36}$/);
      const file = join(media.dir, 'amv/uploads', clip.uploadId);
      expect(readFileSync(file).subarray(4, 8).toString('latin1')).toBe('ftyp');
      const streams = ffprobe(file);
      expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 320, height: 180 });
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      const seconds = Number(runMediaTool(mediaTool('ffprobe'), ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());
      expect(seconds).toBeGreaterThan(clip.durationSeconds - 0.5);
      expect(seconds).toBeLessThan(clip.durationSeconds + 0.5);
      // Small enough that npm start does not wait on them.
      expect(statSync(file).size).toBeLessThan(400_000);
    }
  });

  it('writes a master playlist naming every quality with its bandwidth, resolution and codecs', () => {
    const master = parsePlaylist(readFileSync(masterOf(20, 1), 'utf8'));
    expect(master.variants.map((variant) => [variant.RESOLUTION, variant.uri])).toEqual([
      ['640x360', '360p/index.m3u8'],
      ['1280x720', '720p/index.m3u8'],
    ]);
    const bandwidths = master.variants.map((variant) => Number(variant.BANDWIDTH));
    expect(bandwidths[0]).toBeGreaterThan(100_000);
    expect(bandwidths[1]).toBeGreaterThan(bandwidths[0]);
    // H.264 baseline (42) or main (4d) with AAC-LC.
    for (const variant of master.variants) expect(variant.CODECS).toMatch(/^avc1\.(42|4d)[0-9a-f]{4},mp4a\.40\.2$/);
  });

  it('cuts every quality into segments of about 2 s that are all on disk, 6 s in all', () => {
    for (const quality of ['360p', '720p']) {
      const path = join(dirname(masterOf(20, 2)), quality, 'index.m3u8');
      const playlist = parsePlaylist(readFileSync(path, 'utf8'));
      expect(playlist.tags).toMatchObject({ 'EXT-X-PLAYLIST-TYPE': 'VOD', 'EXT-X-ENDLIST': true });
      expect(Number(playlist.tags['EXT-X-TARGETDURATION'])).toBeLessThanOrEqual(4);
      expect(playlist.segments.length).toBe(3);
      for (const segment of playlist.segments) {
        expect(segment.duration).toBeGreaterThanOrEqual(1.5);
        expect(segment.duration).toBeLessThanOrEqual(2.5);
        expect(statSync(join(dirname(path), segment.uri)).size).toBeGreaterThan(1000);
      }
      expect(playlist.segments.reduce((sum, segment) => sum + segment.duration, 0)).toBeCloseTo(6, 1);
    }
  });

  it('encodes H.264 video at the size of its quality and AAC audio in MPEG-TS segments', () => {
    for (const [quality, width, height] of [
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ] as const) {
      const streams = ffprobe(join(dirname(masterOf(1535, 1)), quality, 'seg-000.ts'));
      const video = streams.find((stream) => stream.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width, height });
      expect(video?.profile).toMatch(/Baseline|Main/);
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    }
  });

  it('draws the opening and the ending where the manifest says they are', () => {
    const master = masterOf(20, 1);
    const variant = join(dirname(master), '360p/index.m3u8');
    const [openingR, openingG, openingB] = meanColourAt(variant, 1);
    const [endingR, , endingB] = meanColourAt(variant, 5.5);
    const body = meanColourAt(variant, 3.5);
    // The opening is purple (0x6a1b9a) and the ending dark blue (0x0d3b66) under their labels; the body is the test pattern.
    expect(openingB - openingG).toBeGreaterThan(60);
    expect(openingR - openingG).toBeGreaterThan(30);
    expect(endingB - endingR).toBeGreaterThan(40);
    expect(endingR).toBeLessThan(80);
    expect(Math.max(...body)).toBeGreaterThan(110);
    expect(body).not.toEqual([openingR, openingG, openingB]);
  });

  it('does nothing when the samples are current, and makes them again with --force', () => {
    const master = masterOf(20, 1);
    const before = statSync(master).mtimeMs;
    const again = runSamplesCommand(['--media-dir', media.dir, ...TINY_SAMPLES]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/up to date/);
    expect(statSync(master).mtimeMs).toBe(before);
    expect(readManifest(media.dir)).toEqual(manifest);

    const forced = runSamplesCommand(['--media-dir', media.dir, ...TINY_SAMPLES, '--force']);
    expect(forced.status).toBe(0);
    expect(forced.stdout).toMatch(/made in/);
    expect(statSync(master).mtimeMs).toBeGreaterThan(before);
    expect(readManifest(media.dir).spec).toBe(manifest.spec);
  }, 120_000);

  it('makes a new build when what is asked changes, and removes the old one', () => {
    const changed = runSamplesCommand(['--media-dir', media.dir, '--duration', '4', '--qualities', '360', '--titles', '20:1', '--no-link']);
    expect(changed.status).toBe(0);
    const next = readManifest(media.dir);
    expect(next.build).not.toBe(manifest.build);
    expect(next.episodes).toHaveLength(1);
    expect(existsSync(join(media.dir, next.episodes[0].master))).toBe(true);
    expect(existsSync(join(media.dir, 'samples', manifest.build))).toBe(false);
  }, 120_000);

  it('with only Node.js on PATH and no FFMPEG_PATH, makes playable HLS with the ffmpeg from npm', () => {
    const bin = tempMediaDir();
    const out = tempMediaDir();
    try {
      // A PATH holding nothing but node: no system ffmpeg or ffprobe can be found.
      symlinkSync(process.execPath, join(bin.dir, 'node'));
      const onlyNode = { PATH: bin.dir, HOME: process.env.HOME };
      const npmFfmpeg = mediaTool('ffmpeg', onlyNode);
      const npmFfprobe = mediaTool('ffprobe', onlyNode);
      expect([npmFfmpeg.source, npmFfprobe.source]).toEqual(['npm', 'npm']);

      const result = runSamplesCommand(['--media-dir', out.dir, ...TINY_SAMPLES], onlyNode);
      if (result.status !== 0) throw new Error(`generation failed: ${result.stderr}`);
      const made = JSON.parse(readFileSync(join(out.dir, 'samples/manifest.json'), 'utf8'));
      expect(made.generator.ffmpeg).toBe(npmFfmpeg.version);
      expect(made.spec).toBe(manifest.spec);

      // The master playlist as a player reads it: both qualities, H.264 + AAC, every frame decodes.
      const master = join(out.dir, made.episodes[0].master);
      const streams = ffprobe(master, npmFfprobe);
      expect(streams.filter((stream) => stream.codec_type === 'video').map((stream) => [stream.codec_name, stream.width, stream.height])).toEqual([
        ['h264', 640, 360],
        ['h264', 1280, 720],
      ]);
      expect(streams.filter((stream) => stream.codec_type === 'audio').map((stream) => stream.codec_name)).toEqual(['aac', 'aac']);
      const counted = runMediaTool(npmFfprobe, [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'json',
        master,
      ]);
      const frames = JSON.parse(counted.toString('utf8')).streams.map((stream: { nb_read_frames: string }) => Number(stream.nb_read_frames));
      expect(frames).toEqual([60, 60]); // 6 s at 10 frames/s, each quality
      for (const variant of parsePlaylist(readFileSync(master, 'utf8')).variants) expect(variant.CODECS).toMatch(/^avc1\.(42|4d)[0-9a-f]{4},mp4a\.40\.2$/);
    } finally {
      bin.remove();
      out.remove();
    }
  }, 120_000);

  it('with a FFMPEG_PATH that does not run, exits with one line in Russian and English saying so', () => {
    const empty = tempMediaDir();
    try {
      // The script itself runs on this Node, found by its full path.
      const result = runSamplesCommand(['--media-dir', empty.dir, ...TINY_SAMPLES], {
        PATH: empty.dir,
        HOME: process.env.HOME,
        FFMPEG_PATH: join(empty.dir, 'nope'),
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/ffmpeg не найден: FFMPEG_PATH=.*nope не запускается/);
      expect(lines[0]).toMatch(/ffmpeg not found: FFMPEG_PATH=.*nope does not run/);
      expect(existsSync(join(empty.dir, 'samples/manifest.json'))).toBe(false);
    } finally {
      empty.remove();
    }
  });

  it('refuses unknown options and qualities with the usage', () => {
    const result = runSamplesCommand(['--qualities', '999', '--no-link']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--qualities/);
    expect(result.stderr).toMatch(/usage: npm run media:samples/);
  });
});

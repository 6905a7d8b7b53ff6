import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  buildIdOf,
  buildManifest,
  DEFAULT_TITLES,
  episodeMarkers,
  ffmpegArgs,
  h264CodecOf,
  manifestMatches,
  masterPlaylist,
  parsePlaylist,
  parseSamplesArgs,
  plannedEpisodes,
  SamplesUsageError,
  samplesSpec,
} from './samples-plan.mjs';
import { prepareSampleEpisodes, startWithoutFfmpeg } from './samples-start.mjs';
import { findFfmpeg, noFfmpegMessage } from './samples.mjs';

const require = createRequire(import.meta.url);
const { findFfprobe, findTool, missingToolMessage, toolEnv } = require('./ffmpeg.cjs');

test('the default samples: 6 episodes of three well-known titles, 60 s, 360p to 1080p', () => {
  const spec = samplesSpec();
  assert.deepEqual(spec.qualities, [360, 720, 1080]);
  assert.equal(spec.durationSeconds, 60);
  assert.deepEqual(
    plannedEpisodes(spec).map((episode) => `${episode.animeId}/${episode.number}`),
    ['20/1', '20/2', '16498/1', '16498/2', '1535/1', '1535/2'],
  );
  assert.equal(DEFAULT_TITLES[0].name, 'Наруто');
});

test('odd episodes open at 0, even ones after a 5 s cold open; the ending is the last 10 s', () => {
  assert.deepEqual(episodeMarkers(1, 60), { opening: { start: 0, end: 15 }, ending: { start: 50, end: 60 } });
  assert.deepEqual(episodeMarkers(2, 60), { opening: { start: 5, end: 20 }, ending: { start: 50, end: 60 } });
  assert.deepEqual(episodeMarkers(3, 90), { opening: { start: 0, end: 15 }, ending: { start: 80, end: 90 } });
});

test('short test episodes keep an opening and an ending inside the episode', () => {
  for (const duration of [4, 6, 10, 30, 44]) {
    const { opening, ending } = episodeMarkers(1, duration);
    assert.ok(opening.start >= 0 && opening.start < opening.end, `opening of ${duration} s`);
    assert.ok(opening.end <= ending.start, `opening before ending at ${duration} s`);
    assert.ok(ending.start < ending.end && ending.end === duration, `ending of ${duration} s`);
  }
});

test('the build id follows what is generated and nothing else', () => {
  const base = buildIdOf(samplesSpec());
  assert.equal(buildIdOf(samplesSpec()), base);
  assert.notEqual(buildIdOf(samplesSpec({ durationSeconds: 61 })), base);
  assert.notEqual(buildIdOf(samplesSpec({ qualities: [360, 720] })), base);
  assert.notEqual(buildIdOf(samplesSpec({ titles: [{ animeId: 20, name: 'Наруто', episodes: 1 }] })), base);
  assert.match(base, /^[0-9a-f]{12}$/);
});

test('a manifest counts as current only for the same format version and spec', () => {
  const spec = samplesSpec({ durationSeconds: 6 });
  const manifest = buildManifest(spec, { generatedAt: '2025-01-01T00:00:00.000Z', ffmpegVersion: 'x', seconds: 1 });
  assert.equal(manifestMatches(manifest, spec), true);
  assert.equal(manifestMatches({ ...manifest, version: 2 }, spec), false);
  assert.equal(manifestMatches(manifest, samplesSpec({ durationSeconds: 7 })), false);
  assert.equal(manifestMatches(null, spec), false);
  assert.equal(manifest.episodes[1].master, `samples/${manifest.build}/20/2/master.m3u8`);
});

test('command-line options: qualities, titles, duration; mistakes are usage errors', () => {
  assert.deepEqual(parseSamplesArgs([]), { force: false, link: true, mediaDir: undefined });
  const options = parseSamplesArgs(['--force', '--no-link', '--qualities', '1080p,360', '--titles', '20:2,5114:1', '--duration', '6']);
  assert.deepEqual(options.qualities, [360, 1080]);
  assert.deepEqual(options.titles, [
    { animeId: 20, name: 'Наруто', episodes: 2 },
    { animeId: 5114, name: 'Аниме 5114', episodes: 1 },
  ]);
  assert.equal(options.durationSeconds, 6);
  assert.equal(options.link, false);
  for (const bad of [['--qualities', '999'], ['--titles', 'naruto'], ['--duration', '1'], ['--fps', 'x'], ['--what']]) {
    assert.throws(() => parseSamplesArgs(bad), SamplesUsageError, bad.join(' '));
  }
});

test('one ffmpeg pass: every quality mapped and named, keyframes on segment boundaries, markers drawn where they are', () => {
  const spec = samplesSpec({ qualities: [360, 720, 1080] });
  const episode = plannedEpisodes(spec)[1];
  const args = ffmpegArgs({ episode, spec, outDir: '/out', fontFile: null, texts: { opening: '/t/o', ending: '/t/e', label: '/t/l' } });
  const value = (flag) => args[args.indexOf(flag) + 1];
  // No `name:` and no master playlist: npm's ffmpeg 4.1 lacks the one and crashes on the other (the generator does both).
  assert.equal(value('-var_stream_map'), 'v:0,a:0 v:1,a:1 v:2,a:2');
  assert.equal(args.includes('-master_pl_name'), false);
  assert.equal(value('-g'), String(spec.fps * spec.segmentSeconds));
  assert.equal(value('-hls_time'), '2');
  assert.equal(value('-preset'), 'ultrafast');
  assert.equal(args.filter((arg) => arg === '-map').length, 6);
  const graph = value('-filter_complex');
  assert.match(graph, /enable='gte\(t,5\)\*lt\(t,20\)'/); // episode 2's opening
  assert.match(graph, /enable='gte\(t,50\)\*lt\(t,60\)'/);
  assert.match(graph, /scale=1920:1080/);
  assert.match(graph, /%\{pts\\:hms\}/);
  assert.equal(args.at(-1), '/out/%v/index.m3u8');
});

test('the playlist reader sees variants with their attributes and segments with durations', () => {
  const master = parsePlaylist(
    '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=455400,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2"\n360p/index.m3u8\n',
  );
  assert.deepEqual(master.variants, [{ uri: '360p/index.m3u8', BANDWIDTH: '455400', RESOLUTION: '640x360', CODECS: 'avc1.42c01e,mp4a.40.2' }]);
  const media = parsePlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.000000,\nseg-000.ts\n#EXTINF:1.5,\nseg-001.ts\n#EXT-X-ENDLIST\n');
  assert.deepEqual(media.segments, [
    { uri: 'seg-000.ts', duration: 2 },
    { uri: 'seg-001.ts', duration: 1.5 },
  ]);
  assert.equal(media.tags['EXT-X-ENDLIST'], true);
  assert.throws(() => parsePlaylist('<html>'), /not an HLS playlist/);
});

test('the master playlist: every quality with its peak and average bit rate, resolution and codecs', () => {
  const text = masterPlaylist([
    { uri: '360p/index.m3u8', bandwidth: 500000, averageBandwidth: 400000, width: 640, height: 360, codecs: 'avc1.42c01e,mp4a.40.2' },
    { uri: '720p/index.m3u8', bandwidth: 900000, averageBandwidth: 800000, width: 1280, height: 720, codecs: 'avc1.42c01f,mp4a.40.2' },
  ]);
  assert.deepEqual(parsePlaylist(text).variants, [
    { uri: '360p/index.m3u8', BANDWIDTH: '500000', 'AVERAGE-BANDWIDTH': '400000', RESOLUTION: '640x360', CODECS: 'avc1.42c01e,mp4a.40.2' },
    { uri: '720p/index.m3u8', BANDWIDTH: '900000', 'AVERAGE-BANDWIDTH': '800000', RESOLUTION: '1280x720', CODECS: 'avc1.42c01f,mp4a.40.2' },
  ]);
});

test('the H.264 codec is read from the first SPS of the video PES, across TS packets', () => {
  const packet = (pid, unitStart, payload) => {
    const bytes = Buffer.alloc(188, 0xff);
    bytes.set([0x47, (unitStart ? 0x40 : 0) | (pid >> 8), pid & 0xff, 0x10]);
    bytes.set(payload.subarray(0, 184), 4);
    return bytes;
  };
  // A PES header (stream 0xe0, 5 bytes of header data), an access unit delimiter, then an SPS of Constrained Baseline, level 3.1.
  const pes = Buffer.concat([
    Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5, 0, 0, 0, 0, 0]),
    Buffer.from([0, 0, 0, 1, 0x09, 0xf0]),
    Buffer.alloc(180, 0x11),
    Buffer.from([0, 0, 0, 1, 0x67, 0x42, 0xc0, 0x1f, 0xda]),
  ]);
  const ts = Buffer.concat([
    packet(0, true, Buffer.from([0, 0, 0xb0])),
    packet(0x100, true, pes),
    packet(0x100, false, pes.subarray(184)),
    packet(0x100, true, Buffer.from([0, 0, 1, 0xe0])),
  ]);
  assert.equal(h264CodecOf(ts), 'avc1.42c01f');
  assert.equal(h264CodecOf(Buffer.concat([packet(0, true, Buffer.from([0, 0, 0xb0]))])), null);
  assert.equal(h264CodecOf(Buffer.from('<html>'.repeat(40))), null);
});

test('ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH, else PATH, else the build from npm', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ffmpeg-tools-'));
  const empty = mkdtempSync(join(tmpdir(), 'ffmpeg-empty-'));
  try {
    for (const name of ['ffmpeg', 'other']) {
      writeFileSync(join(dir, name), `#!/bin/sh\necho "ffmpeg version fake-${name}"\n`);
      chmodSync(join(dir, name), 0o755);
    }
    assert.deepEqual(findFfmpeg({ PATH: dir }), { name: 'ffmpeg', path: join(dir, 'ffmpeg'), version: 'fake-ffmpeg', source: 'PATH', env: {} });
    assert.equal(findFfmpeg({ FFMPEG_PATH: join(dir, 'other'), PATH: dir }).version, 'fake-other');
    // A FFMPEG_PATH that does not run is reported, not replaced by another ffmpeg.
    assert.equal(findFfmpeg({ FFMPEG_PATH: join(dir, 'nope'), PATH: dir }), null);
    assert.match(missingToolMessage('ffmpeg', { FFMPEG_PATH: join(dir, 'nope') }), /FFMPEG_PATH=.*nope не запускается.*FFMPEG_PATH=.*nope does not run/);
    assert.doesNotMatch(noFfmpegMessage({}), /\n/);

    for (const tool of [findFfmpeg({ PATH: empty }), findFfprobe({ PATH: empty })]) {
      assert.ok(tool, 'npm ships a build for this platform');
      assert.equal(tool.source, 'npm');
      assert.match(tool.path, /node_modules/);
      assert.notEqual(tool.version, 'unknown');
      if (process.platform === 'linux') assert.match(toolEnv(tool, {}).GCONV_PATH, /scripts\/lib\/gconv$/);
    }
    assert.equal(findTool('ffprobe', { FFPROBE_PATH: join(dir, 'nope') }), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(empty, { recursive: true, force: true });
  }
});

test('without ffmpeg, npm start goes on and says in one line why and what to do', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'samples-start-'));
  try {
    const lines = [];
    const noFfmpeg = { FFMPEG_PATH: join(dir, 'nope'), PATH: dir };
    const env = await prepareSampleEpisodes(dir, { env: noFfmpeg, log: (line) => lines.push(line) });
    assert.deepEqual(env, { MEDIA_DIR: join(dir, 'media') });
    assert.deepEqual(lines, [startWithoutFfmpeg(noFfmpeg)]);
    assert.match(lines[0], /FFMPEG_PATH/);
    assert.doesNotMatch(lines[0], /\n/);
    assert.equal(existsSync(join(dir, 'media/samples/manifest.json')), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

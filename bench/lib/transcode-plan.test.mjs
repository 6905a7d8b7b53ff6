// The pure parts of bench/transcode.mjs: the baseline's hand-written ladder and command line, the tus
// metadata, /proc status fields, medians, the alternating order and the Markdown of the figures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alternate, ladderDifferences, markdownReport, median, plainArgs, plainFolders, plainLadder, statusMib, tusMetadata } from './transcode-plan.mjs';

test('the hand-written ladder: the rungs at or below the source, never upscaled', () => {
  assert.deepEqual(
    plainLadder(1080).map((rung) => rung.height),
    [360, 480, 720, 1080],
  );
  assert.equal(plainLadder(2160).length, 6);
  assert.deepEqual(plainLadder(300), []);
});

test('ladderDifferences names every field that differs, and nothing for the same ladder', () => {
  const ladder = plainLadder(720);
  assert.deepEqual(
    ladderDifferences(
      ladder,
      ladder.map((rung) => ({ ...rung })),
    ),
    [],
  );
  const changed = ladder.map((rung) => ({ ...rung }));
  changed[1].videoKbps = 1500;
  assert.deepEqual(ladderDifferences(ladder, changed), ['rung 1 videoKbps: 1500 instead of 1400']);
  assert.deepEqual(ladderDifferences(ladder, ladder.slice(0, 2)), ['2 rungs instead of 3']);
});

test('the plain command: one split, one libx264 HLS output per rung with the first audio stream, one AAC output per other audio stream', () => {
  const rungs = plainLadder(480);
  const args = plainArgs({ source: '/in.mkv', outDir: '/out', rungs, audioStreams: 3, preset: 'veryfast', segmentSeconds: 4, fps: 25 });
  assert.deepEqual(args.slice(0, 4), ['-i', '/in.mkv', '-filter_complex', '[0:v]split=2[s0][s1];[s0]scale=640:360[v360];[s1]scale=854:480[v480]']);
  const text = args.join(' ');
  assert.match(
    text,
    /-map \[v360\] -map 0:a:0 -c:a aac -b:a 128k -ac 2 -ar 48000 -c:v libx264 -preset veryfast -profile:v high -b:v 800k -maxrate 856k -bufsize 1200k -g 100 -keyint_min 100 -sc_threshold 0 -f hls -hls_time 4 -hls_playlist_type vod -hls_segment_filename \/out\/v360\/seg-%05d\.ts \/out\/v360\/index\.m3u8/,
  );
  assert.match(text, /-map \[v480\] -map 0:a:0 .* -b:v 1400k -maxrate 1498k -bufsize 2100k /);
  assert.match(text, /-map 0:a:1 -vn -c:a aac .* \/out\/audio-1\/index\.m3u8 -map 0:a:2 -vn -c:a aac .* \/out\/audio-2\/index\.m3u8$/);
  assert.equal(args.filter((arg) => arg === 'libx264').length, 2);
  assert.equal(args.filter((arg) => arg === 'aac').length, 4);
  assert.ok(!args.includes('-progress'));
  assert.deepEqual(plainFolders(rungs, 3), ['v360', 'v480', 'audio-1', 'audio-2']);
  const silent = plainArgs({ source: '/in.mkv', outDir: '/out', rungs, audioStreams: 0, preset: 'veryfast', segmentSeconds: 4, fps: 25 });
  assert.equal(silent.filter((arg) => arg === '-an').length, 2);
  assert.ok(!silent.includes('aac'));
  assert.deepEqual(plainFolders(rungs, 0), ['v360', 'v480']);
});

test('tus metadata: comma-separated keys with base64 values', () => {
  assert.equal(tusMetadata({ animeId: 20, filename: 'серия.mkv' }), `animeId MjA=,filename ${Buffer.from('серия.mkv').toString('base64')}`);
});

test('statusMib reads a kB field of /proc/<pid>/status in MiB', () => {
  const status = 'Name:\tnode\nVmHWM:\t  175004 kB\nVmRSS:\t  143360 kB\n';
  assert.equal(statusMib(status, 'VmRSS'), 140);
  assert.equal(statusMib(status, 'VmHWM'), 175004 / 1024);
  assert.equal(statusMib(status, 'VmSwap'), null);
});

test('median and the alternating order', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
  assert.deepEqual(alternate(3, 'a', 'b'), ['a', 'b', 'b', 'a', 'a', 'b']);
});

test('the Markdown report has the ladders, the rungs and the upload figures with their ratios', () => {
  const side = (wallSeconds, cpuSeconds) => ({ wallSeconds, cpuSeconds, share: cpuSeconds / wallSeconds / 2, realTime: 10 / wallSeconds });
  const text = markdownReport({
    transcode: {
      preset: 'veryfast',
      segmentSeconds: 4,
      rounds: 1,
      sourceRecipe: 'testsrc2',
      sources: [{ width: 1920, height: 1080, durationSeconds: 10 }],
      ladders: [{ source: '1920×1080', rungs: [360, 1080], pipeline: side(20, 38), plain: side(19, 37), wallRatio: 20 / 19, cpuRatio: 38 / 37 }],
      rungs: [{ width: 640, height: 360, videoKbps: 800, source: '1920×1080', wallSeconds: 4, realTime: 2.5, cpuSeconds: 7, share: 0.875 }],
    },
    upload: {
      idleRssMib: { tus: 170, plain: 98 },
      throughput: {
        mib: 1024,
        runs: 5,
        ratio: 0.8,
        tus: { median: 400, min: 380, max: 420, serverCpuPerGiB: 2 },
        plain: { median: 500, min: 450, max: 510, serverCpuPerGiB: 1.5 },
      },
      sizes: [
        { mib: 256, tus: { peakRssMib: 175, lowestPeakRssMib: 170 }, plain: { peakRssMib: 99, lowestPeakRssMib: 98 } },
        { mib: 1024, tus: { peakRssMib: 176, lowestPeakRssMib: 143 }, plain: { peakRssMib: 99, lowestPeakRssMib: 95 } },
      ],
    },
  });
  assert.match(text, /\| 1920×1080 \| 360, 1080 \| 20\.0 \| 19\.0 \| 0\.50× \| 0\.53× \| \*\*×1\.05\*\* \| 38\.0 \/ 37\.0 \| ×1\.03 \| 95 % \/ 97 % \|/);
  assert.match(text, /\| 640×360 at 800 kbit\/s \| 1920×1080 \| 4\.0 \| 2\.50× \| 7\.0 \| 88 % \|/);
  assert.match(text, /PATCH \| 400 \[380–420\] \| 2\.00 \| 170–175 \/ 143–176 \| 170 \|/);
  assert.match(text, /tus \/ plain: \*\*80 %\*\*/);
  assert.doesNotMatch(text, /shared the machine/);
  const shared = markdownReport({
    transcode: {
      preset: 'veryfast',
      segmentSeconds: 4,
      rounds: 2,
      sourceRecipe: 'testsrc2',
      sources: [{ width: 1920, height: 1080, durationSeconds: 10 }],
      ladders: [{ source: '1920×1080', rungs: [1080], pipeline: side(20, 38), plain: side(30, 37), wallRatio: 20 / 30, cpuRatio: 38 / 37 }],
      rungs: [],
    },
  });
  assert.match(shared, /\*\*×0\.67\*\* \(a side shared the machine: read the CPU ratio\)/);
  assert.match(shared, /Each side ran 2 times, in turn; the figures are its fastest run's\./);
});

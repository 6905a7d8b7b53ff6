// The pure parts of `npm run bench:transcode` (bench/transcode.mjs): the baseline's hand-written HLS
// ladder and its ffmpeg command line, the tus metadata header, /proc status fields, medians and the
// Markdown of the figures. No I/O here: bench/lib/transcode-plan.test.mjs tests all of it.

/**
 * The baseline's ladder for 16:9 sources, written out by hand from docs/media.md («Ladder») and NOT
 * computed by the pipeline's code (apps/catalogue/src/episodes/uploads/hls-ladder.ts): every size and
 * bit rate (kbit/s) as a number. The bench checks that ladderFor() gives the same before it compares.
 */
export const PLAIN_RUNGS = [
  { width: 640, height: 360, videoKbps: 800, maxrateKbps: 856, bufsizeKbps: 1200 },
  { width: 854, height: 480, videoKbps: 1400, maxrateKbps: 1498, bufsizeKbps: 2100 },
  { width: 1280, height: 720, videoKbps: 2800, maxrateKbps: 2996, bufsizeKbps: 4200 },
  { width: 1920, height: 1080, videoKbps: 5000, maxrateKbps: 5350, bufsizeKbps: 7500 },
  { width: 2560, height: 1440, videoKbps: 9000, maxrateKbps: 9630, bufsizeKbps: 13500 },
  { width: 3840, height: 2160, videoKbps: 16000, maxrateKbps: 17120, bufsizeKbps: 24000 },
];

/** The hand-written rungs of a 16:9 source of this height (never upscaled). */
export const plainLadder = (sourceHeight) => PLAIN_RUNGS.filter((rung) => rung.height <= sourceHeight);

const RUNG_FIELDS = ['width', 'height', 'videoKbps', 'maxrateKbps', 'bufsizeKbps'];

/** Where two ladders differ (an empty list: the same rungs with the same bit rates). */
export function ladderDifferences(expected, actual) {
  const differences = [];
  if (expected.length !== actual.length) differences.push(`${actual.length} rungs instead of ${expected.length}`);
  for (let index = 0; index < Math.min(expected.length, actual.length); index++) {
    for (const field of RUNG_FIELDS) {
      if (expected[index][field] !== actual[index][field])
        differences.push(`rung ${index} ${field}: ${actual[index][field]} instead of ${expected[index][field]}`);
    }
  }
  return differences;
}

/**
 * The baseline: one ffmpeg command line for the same ladder as one would write it by hand after
 * ffmpeg's HLS documentation: split and scale per rung, libx264 at the same preset, profile and bit
 * rates with a fixed GOP of one segment (keyframes every `segmentSeconds` at `fps`, no scene cuts),
 * HLS per rung with the first audio stream muxed in (AAC stereo), each other audio stream as an
 * audio-only HLS, the same segment length: the renditions docs/media.md («Ladder», «Every audio
 * stream») describes. No `-progress`, no forced-keyframe expression, no master playlist.
 */
export function plainArgs({ source, outDir, rungs, audioStreams, preset, segmentSeconds, fps }) {
  const gop = String(fps * segmentSeconds);
  const aac = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];
  const hls = (folder) => [
    ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', `${outDir}/${folder}/seg-%05d.ts`, `${outDir}/${folder}/index.m3u8`],
  ];
  const filter = [
    `[0:v]split=${rungs.length}${rungs.map((_, index) => `[s${index}]`).join('')}`,
    ...rungs.map((rung, index) => `[s${index}]scale=${rung.width}:${rung.height}[v${rung.height}]`),
  ].join(';');
  const args = ['-i', source, '-filter_complex', filter];
  for (const rung of rungs) {
    args.push(
      ...['-map', `[v${rung.height}]`, ...(audioStreams > 0 ? ['-map', '0:a:0', ...aac] : ['-an'])],
      ...['-c:v', 'libx264', '-preset', preset, '-profile:v', 'high'],
      ...['-b:v', `${rung.videoKbps}k`, '-maxrate', `${rung.maxrateKbps}k`, '-bufsize', `${rung.bufsizeKbps}k`],
      ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
      ...hls(`v${rung.height}`),
    );
  }
  for (let index = 1; index < audioStreams; index++) args.push('-map', `0:a:${index}`, '-vn', ...aac, ...hls(`audio-${index}`));
  return args;
}

/** The folders plainArgs writes into (they must exist before ffmpeg starts). */
export const plainFolders = (rungs, audioStreams) => [
  ...rungs.map((rung) => `v${rung.height}`),
  ...Array.from({ length: Math.max(0, audioStreams - 1) }, (_, index) => `audio-${index + 1}`),
];

/** tus 1.0.0's Upload-Metadata: comma-separated `key base64(value)` pairs. */
export const tusMetadata = (fields) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

/** A kB field of /proc/<pid>/status (VmRSS, VmHWM) in MiB; null when it is absent. */
export function statusMib(text, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
  return match ? Number(match[1]) / 1024 : null;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The order of the two sides over `rounds` rounds, alternating who goes first (A B, B A, A B …), so
 * that neither side always runs on a cooler or a warmer machine.
 */
export const alternate = (rounds, a, b) => Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? [a, b] : [b, a])).flat();

/** A run that had less of the cores than this shared the machine with other work: its wall time is not the pipeline's. */
export const SHARED_BELOW = 0.85;

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value) => (Number.isFinite(value) ? `×${value.toFixed(2)}` : '–');

/** The run's figures as Markdown tables, the shape docs/PERFORMANCE.md quotes. */
export function markdownReport(run) {
  const lines = [];
  if (run.transcode) {
    const { sources, ladders, rungs, preset, segmentSeconds, rounds } = run.transcode;
    const share = (figures) => `${fixed(figures.share * 100, 0)} %`;
    lines.push(
      `Sources: ${sources.map((source) => `${source.width}×${source.height}`).join(' and ')}, ${fixed(sources[0].durationSeconds, 1)} s each, ${run.transcode.sourceRecipe}; x264 preset ${preset}, ${segmentSeconds} s segments. ${rounds > 1 ? `Each side ran ${rounds} times, in turn; the figures are its fastest run's.` : 'Each side ran once.'}`,
      '',
      '| source | rungs | pipeline wall s | plain ffmpeg wall s | pipeline × real time | plain × real time | **pipeline / plain**, wall | CPU s, pipeline / plain | pipeline / plain, CPU | share of the cores, pipeline / plain |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const ladder of ladders) {
      lines.push(
        `| ${ladder.source} | ${ladder.rungs.join(', ')} | ${fixed(ladder.pipeline.wallSeconds, 1)} | ${fixed(ladder.plain.wallSeconds, 1)} | ${fixed(ladder.pipeline.realTime, 2)}× | ${fixed(ladder.plain.realTime, 2)}× | **${ratio(ladder.wallRatio)}**${Math.min(ladder.pipeline.share, ladder.plain.share) < SHARED_BELOW ? ' (a side shared the machine: read the CPU ratio)' : ''} | ${fixed(ladder.pipeline.cpuSeconds, 1)} / ${fixed(ladder.plain.cpuSeconds, 1)} | ${ratio(ladder.cpuRatio)} | ${share(ladder.pipeline)} / ${share(ladder.plain)} |`,
      );
    }
    lines.push('', '| one rung alone (pipeline code, video only) | from | wall s | × real time | CPU s | share of the cores |', '|---|---|---|---|---|---|');
    for (const rung of rungs) {
      lines.push(
        `| ${rung.width}×${rung.height} at ${rung.videoKbps} kbit/s | ${rung.source} | ${fixed(rung.wallSeconds, 1)} | ${fixed(rung.realTime, 2)}× | ${fixed(rung.cpuSeconds, 1)} | ${share(rung)} |`,
      );
    }
    lines.push('');
  }
  if (run.upload) {
    const { sizes, throughput } = run.upload;
    lines.push(
      `| upload, one request over loopback (${throughput.runs} runs of ${fixed(throughput.mib, 0)} MiB each) | MB/s, median [min–max] | server CPU s per GiB | server's peak RSS MiB during ${sizes.map((size) => `${fixed(size.mib, 0)} MiB`).join(' / ')} (lowest–highest run) | RSS MiB before |`,
      '|---|---|---|---|---|',
    );
    for (const side of ['tus', 'plain']) {
      const figures = throughput[side];
      lines.push(
        `| ${side === 'tus' ? "gateway's tus endpoint (serveEpisodeUploads), PATCH" : 'plain Fastify, PUT body piped to a file'} | ${fixed(figures.median, 0)} [${fixed(figures.min, 0)}–${fixed(figures.max, 0)}] | ${fixed(figures.serverCpuPerGiB, 2)} | ${sizes.map((size) => `${fixed(size[side].lowestPeakRssMib, 0)}–${fixed(size[side].peakRssMib, 0)}`).join(' / ')} | ${fixed(run.upload.idleRssMib[side], 0)} |`,
      );
    }
    lines.push('', `tus / plain: **${fixed(throughput.ratio * 100, 0)} %** of the baseline's MB/s (medians).`, '');
  }
  return lines.join('\n');
}

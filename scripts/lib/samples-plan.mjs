// What `npm run media:samples` generates, as plain data: the titles and episodes, their opening and
// ending markers, the ffmpeg command of one episode, and the manifest. No I/O here (see samples.mjs).
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';

/** Bump when the picture, the sound or the layout of the files changes: the samples are made again. */
export const GENERATOR_VERSION = 1;
/** Bump when the manifest's shape changes (the catalogue reads it: apps/catalogue/src/episodes). */
export const MANIFEST_VERSION = 1;
export const SAMPLES_SUBDIR = 'samples';
export const MANIFEST_FILE = 'manifest.json';

/**
 * Well-known titles of data/catalogue (catalogue id = Shikimori id) and how many episodes each gets:
 * two each, an opening at 0 and a cold open, within the time budget (docs/media.md).
 */
export const DEFAULT_TITLES = [
  { animeId: 20, name: 'Наруто', episodes: 2 },
  { animeId: 16498, name: 'Атака титанов', episodes: 2 },
  { animeId: 1535, name: 'Тетрадь смерти', episodes: 2 },
];

/** The quality ladder: 16:9 sizes and target bitrates (kbit/s, low: a test pattern) of H.264 with 64 kbit/s AAC. */
export const RENDITIONS = {
  360: { width: 640, height: 360, videoKbps: 350 },
  480: { width: 854, height: 480, videoKbps: 550 },
  720: { width: 1280, height: 720, videoKbps: 800 },
  1080: { width: 1920, height: 1080, videoKbps: 1500 },
  2160: { width: 3840, height: 2160, videoKbps: 4500 },
};

export const DEFAULTS = {
  durationSeconds: 60,
  qualities: [360, 720, 1080],
  // A test pattern needs no more, and the whole set must be made in well under a minute on two cores.
  fps: 10,
  segmentSeconds: 2,
};

const BASE = RENDITIONS[360];
const AUDIO_KBPS = 64;

export class SamplesUsageError extends Error {}

/** Command-line options of scripts/generate-samples.mjs. */
export function parseSamplesArgs(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        force: { type: 'boolean', default: false },
        'no-link': { type: 'boolean', default: false },
        'media-dir': { type: 'string' },
        duration: { type: 'string' },
        qualities: { type: 'string' },
        titles: { type: 'string' },
        fps: { type: 'string' },
        jobs: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new SamplesUsageError(error.message);
  }
  const integer = (name, value, min, max) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max) throw new SamplesUsageError(`--${name} must be an integer from ${min} to ${max}`);
    return number;
  };
  const options = { force: values.force, link: !values['no-link'], mediaDir: values['media-dir'] };
  if (values.duration !== undefined) options.durationSeconds = integer('duration', values.duration, 4, 600);
  if (values.fps !== undefined) options.fps = integer('fps', values.fps, 5, 60);
  if (values.jobs !== undefined) options.jobs = integer('jobs', values.jobs, 1, 16);
  if (values.qualities !== undefined) {
    const qualities = values.qualities.split(',').map((quality) => Number(quality.trim().replace(/p$/, '')));
    const unknown = qualities.filter((quality) => !RENDITIONS[quality]);
    if (qualities.length === 0 || unknown.length > 0) throw new SamplesUsageError(`--qualities: one or more of ${Object.keys(RENDITIONS).join(', ')}`);
    options.qualities = [...new Set(qualities)].sort((a, b) => a - b);
  }
  if (values.titles !== undefined) {
    options.titles = values.titles.split(',').map((item) => {
      const match = /^\s*(\d+):(\d+)\s*$/.exec(item);
      if (!match) throw new SamplesUsageError('--titles: animeId:episodes[,animeId:episodes…], e.g. 20:3,1535:2');
      const animeId = integer('titles', match[1], 1, 2_147_483_647);
      const known = DEFAULT_TITLES.find((title) => title.animeId === animeId);
      return { animeId, name: known?.name ?? `Аниме ${animeId}`, episodes: integer('titles', match[2], 1, 50) };
    });
  }
  return options;
}

/**
 * Where the opening and the ending of an episode are. Even episodes open cold (5 s of the episode
 * before the opening), as many series do, so a player cannot assume the opening starts at 0.
 * Short test episodes keep the same shape in proportion.
 */
export function episodeMarkers(number, durationSeconds) {
  if (durationSeconds >= 45) {
    const coldOpen = number % 2 === 0 ? 5 : 0;
    return { opening: { start: coldOpen, end: coldOpen + 15 }, ending: { start: durationSeconds - 10, end: durationSeconds } };
  }
  const opening = Math.max(1, Math.round(durationSeconds / 4));
  const ending = Math.max(1, Math.round(durationSeconds / 6));
  return { opening: { start: 0, end: opening }, ending: { start: durationSeconds - ending, end: durationSeconds } };
}

/** Everything that decides the generated files; its hash names the build and tells whether it is current. */
export function samplesSpec(options = {}) {
  return {
    generator: GENERATOR_VERSION,
    durationSeconds: options.durationSeconds ?? DEFAULTS.durationSeconds,
    fps: options.fps ?? DEFAULTS.fps,
    segmentSeconds: DEFAULTS.segmentSeconds,
    qualities: options.qualities ?? DEFAULTS.qualities,
    titles: (options.titles ?? DEFAULT_TITLES).map(({ animeId, name, episodes }) => ({ animeId, name, episodes })),
  };
}

export const specHash = (spec) => createHash('sha256').update(JSON.stringify(spec)).digest('hex');
/** The build's folder name: URLs change when the content does, so segments can be cached for good. */
export const buildIdOf = (spec) => specHash(spec).slice(0, 12);

/** One entry per episode to make, in order. */
export function plannedEpisodes(spec) {
  const buildId = buildIdOf(spec);
  return spec.titles.flatMap((title) =>
    Array.from({ length: title.episodes }, (_, index) => {
      const number = index + 1;
      return {
        animeId: title.animeId,
        number,
        label: `${title.name} · серия ${number}`,
        title: `Демо-серия ${number}`,
        durationSeconds: spec.durationSeconds,
        dir: `${SAMPLES_SUBDIR}/${buildId}/${title.animeId}/${number}`,
        ...episodeMarkers(number, spec.durationSeconds),
      };
    }),
  );
}

/** The manifest the catalogue links episodes from (format in docs/media.md). */
export function buildManifest(spec, { generatedAt, ffmpegVersion, seconds }) {
  return {
    version: MANIFEST_VERSION,
    spec: specHash(spec),
    build: buildIdOf(spec),
    generatedAt,
    generator: { version: GENERATOR_VERSION, ffmpeg: ffmpegVersion, seconds },
    episodes: plannedEpisodes(spec).map((episode) => ({
      animeId: episode.animeId,
      number: episode.number,
      title: episode.title,
      durationSeconds: episode.durationSeconds,
      master: `${episode.dir}/master.m3u8`,
      qualities: spec.qualities,
      opening: episode.opening,
      ending: episode.ending,
    })),
  };
}

/** True when a manifest read from disk describes exactly this spec (the files are checked apart). */
export const manifestMatches = (manifest, spec) =>
  manifest !== null && typeof manifest === 'object' && manifest.version === MANIFEST_VERSION && manifest.spec === specHash(spec);

/** Paths go into a filtergraph unquoted-safe only when they are this plain. */
export const PLAIN_PATH = /^[\w./-]+$/;

/**
 * The ffmpeg arguments that make one episode: one pass, a test pattern drawn at 360p with the
 * opening, ending, episode label and a running clock (the position in the episode, readable from a
 * screenshot), then split and scaled to every quality, each with its quality drawn on it.
 * `texts` are files holding the labels (no escaping needed); `fontFile` may be null (fontconfig's Sans).
 * Each quality goes into `<outDir>/<index>/` and there is no master playlist: the ffmpeg 4.1 of npm
 * knows no `name:` in `-var_stream_map` and crashes writing the master of several variants, so the
 * generator renames the folders (`variantDir`) and writes the master itself (`masterPlaylist`).
 */
export function ffmpegArgs({ episode, spec, outDir, fontFile, texts }) {
  const { fps, segmentSeconds, durationSeconds: duration, qualities } = spec;
  const gop = fps * segmentSeconds;
  const font = fontFile ? `fontfile=${fontFile}` : 'font=Sans';
  const text = (file, size, extra) => `drawtext=${font}:textfile=${file}:fontsize=${size}:fontcolor=white:${extra}`;
  const during = ({ start, end }) => `enable='gte(t,${start})*lt(t,${end})'`;
  const centred = 'x=(w-tw)/2:y=(h-th)/2';
  const base = [
    `[0:v]format=yuv420p`,
    `drawbox=x=0:y=0:w=iw:h=ih:color=0x6a1b9a:t=fill:${during(episode.opening)}`,
    text(texts.opening, 64, `${centred}:${during(episode.opening)}`),
    `drawbox=x=0:y=0:w=iw:h=ih:color=0x0d3b66:t=fill:${during(episode.ending)}`,
    text(texts.ending, 64, `${centred}:${during(episode.ending)}`),
    text(texts.label, 22, 'x=(w-tw)/2:y=12:box=1:boxcolor=black@0.6:boxborderw=6'),
    // The position in the episode as HH:MM:SS.mmm, large enough to read from a screenshot of any quality.
    `drawtext=${font}:text='%{pts\\:hms}':fontsize=40:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=8:x=16:y=h-th-20`,
    `split=${qualities.length}${qualities.map((_, index) => `[s${index}]`).join('')}`,
  ].join(',');
  const renditions = qualities.map((quality, index) => {
    const { width, height } = RENDITIONS[quality];
    const scale = height / BASE.height;
    const scaled = width === BASE.width ? '' : `scale=${width}:${height}:flags=fast_bilinear,`;
    const badge = `drawtext=${font}:text='${quality}p':fontsize=${Math.round(20 * scale)}:fontcolor=yellow:x=w-tw-${Math.round(12 * scale)}:y=h-th-${Math.round(24 * scale)}`;
    return `[s${index}]${scaled}${badge}[v${index}]`;
  });
  const audio = `[1:a]volume=0.08,asplit=${qualities.length}${qualities.map((_, index) => `[a${index}]`).join('')}`;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${BASE.width}x${BASE.height}:rate=${fps}:duration=${duration}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:beep_factor=4:sample_rate=44100:duration=${duration}`,
    '-filter_complex',
    [base, ...renditions, audio].join(';'),
  ];
  qualities.forEach((_, index) => args.push('-map', `[v${index}]`));
  qualities.forEach((_, index) => args.push('-map', `[a${index}]`));
  args.push(
    // One thread per encoder: the episodes are encoded side by side, and threads only add overhead then.
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-threads',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(fps),
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${segmentSeconds})`,
  );
  qualities.forEach((quality, index) => {
    const kbps = RENDITIONS[quality].videoKbps;
    args.push(`-b:v:${index}`, `${kbps}k`, `-maxrate:v:${index}`, `${Math.round(kbps * 1.5)}k`, `-bufsize:v:${index}`, `${kbps * 2}k`);
  });
  args.push(
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_KBPS}k`,
    '-ac',
    '1',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${outDir}/%v/seg-%03d.ts`,
    '-var_stream_map',
    qualities.map((_, index) => `v:${index},a:${index}`).join(' '),
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}

/** The folder of a quality beside its episode's master playlist. */
export const variantDir = (quality) => `${quality}p`;

/** The codec of the audio of every quality: AAC-LC, ffmpeg's `aac` encoder. */
export const AUDIO_CODEC = 'mp4a.40.2';

/**
 * The RFC 6381 codec of the H.264 video in an MPEG-TS segment, as ffmpeg names it in a master
 * playlist: `avc1.` and the profile, constraint flags and level of the first sequence parameter set
 * (read from the first video PES packet). Null when there is none.
 */
export function h264CodecOf(ts) {
  const PACKET = 188;
  let videoPid = null;
  const chunks = [];
  for (let offset = 0; offset + PACKET <= ts.length; offset += PACKET) {
    if (ts[offset] !== 0x47) return null;
    const unitStart = (ts[offset + 1] & 0x40) !== 0;
    const pid = ((ts[offset + 1] & 0x1f) << 8) | ts[offset + 2];
    const adaptation = (ts[offset + 3] >> 4) & 3;
    if (!(adaptation & 1)) continue;
    const start = offset + 4 + (adaptation & 2 ? 1 + ts[offset + 4] : 0);
    const payload = ts.subarray(start, offset + PACKET);
    const videoPes = unitStart && payload[0] === 0 && payload[1] === 0 && payload[2] === 1 && (payload[3] & 0xf0) === 0xe0;
    if (videoPes && videoPid === null) {
      videoPid = pid;
      chunks.push(payload.subarray(9 + payload[8]));
    } else if (pid === videoPid) {
      if (unitStart) break;
      chunks.push(payload);
    }
  }
  const es = Buffer.concat(chunks);
  for (let index = 0; index + 6 < es.length; index++) {
    if (es[index] === 0 && es[index + 1] === 0 && es[index + 2] === 1 && (es[index + 3] & 0x1f) === 7) {
      const hex = (byte) => byte.toString(16).padStart(2, '0');
      return `avc1.${hex(es[index + 4])}${hex(es[index + 5])}${hex(es[index + 6])}`;
    }
  }
  return null;
}

/**
 * The master playlist of an episode: one entry per quality with its peak and average bit rate
 * (measured over its segments, RFC 8216), resolution and codecs.
 */
export function masterPlaylist(variants) {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6'];
  for (const { uri, bandwidth, averageBandwidth, width, height, codecs } of variants) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${averageBandwidth},RESOLUTION=${width}x${height},CODECS="${codecs}"`, uri);
  }
  return `${lines.join('\n')}\n`;
}

/** Parses an HLS playlist into tags and URIs: enough to check what the generator wrote. */
export function parsePlaylist(text) {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0] !== '#EXTM3U') throw new Error('not an HLS playlist (no #EXTM3U)');
  const attributes = (list) =>
    Object.fromEntries([...list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)].map(([, key, value]) => [key, value.replace(/^"|"$/g, '')]));
  const variants = [];
  const segments = [];
  const tags = {};
  let pending = null;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) pending = { kind: 'variant', attributes: attributes(line.slice(18)) };
    else if (line.startsWith('#EXTINF:')) pending = { kind: 'segment', duration: Number.parseFloat(line.slice(8)) };
    else if (line.startsWith('#')) {
      const [tag, value = true] = line.slice(1).split(/:(.*)/s);
      tags[tag] = value;
    } else if (pending?.kind === 'variant') {
      variants.push({ uri: line, ...pending.attributes });
      pending = null;
    } else if (pending?.kind === 'segment') {
      segments.push({ uri: line, duration: pending.duration });
      pending = null;
    }
  }
  return { tags, variants, segments };
}

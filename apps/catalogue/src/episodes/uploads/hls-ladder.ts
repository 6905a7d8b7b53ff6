/** One quality of an uploaded episode's HLS ladder: an H.264 video-only rendition. */
export interface LadderRung {
  width: number;
  height: number;
  /** Target video bit rate (kbit/s); x264's VBV keeps it under `maxrateKbps` over `bufsizeKbps`. */
  videoKbps: number;
  maxrateKbps: number;
  bufsizeKbps: number;
}

/** The standard heights and their video bit rates (kbit/s), ascending. */
export const STANDARD_RUNGS: ReadonlyArray<{ height: number; videoKbps: number }> = [
  { height: 360, videoKbps: 800 },
  { height: 480, videoKbps: 1400 },
  { height: 720, videoKbps: 2800 },
  { height: 1080, videoKbps: 5000 },
  { height: 1440, videoKbps: 9000 },
  { height: 2160, videoKbps: 16000 },
];

/**
 * A source this much taller than its highest standard rung also gets a rung at its own height: a
 * scope film of 1280×544 would otherwise top out at 1130×480. Closer than that, the extra encode
 * would cost a whole rung for a few lines of picture.
 */
const OWN_RUNG_MIN_RATIO = 1.1;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The rungs for a source of this size, heights ascending: the standard heights up to the source's
 * (never upscaled); a source below 360 gets a single rung at its own height; a source well between
 * two standard heights (OWN_RUNG_MIN_RATIO) also gets its own height on top. Widths keep the aspect
 * ratio; all sizes are even (yuv420p).
 */
export function ladderFor(sourceWidth: number, sourceHeight: number): LadderRung[] {
  const heights = STANDARD_RUNGS.map((rung) => rung.height).filter((height) => height <= sourceHeight);
  const ownHeight = Math.max(2, sourceHeight - (sourceHeight % 2));
  const highest = heights.at(-1);
  const largestStandard = STANDARD_RUNGS[STANDARD_RUNGS.length - 1].height;
  if (highest === undefined) heights.push(ownHeight);
  else if (ownHeight < largestStandard && ownHeight >= highest * OWN_RUNG_MIN_RATIO) heights.push(ownHeight);
  return heights.map((height) => {
    const videoKbps = videoKbpsFor(height);
    return {
      width: even((sourceWidth * height) / sourceHeight),
      height,
      videoKbps,
      maxrateKbps: Math.round(videoKbps * 1.07),
      bufsizeKbps: Math.round(videoKbps * 1.5),
    };
  });
}

/** The table's bit rate; between standard heights interpolated, below 360 scaled by the picture's area. */
export function videoKbpsFor(height: number): number {
  const above = STANDARD_RUNGS.findIndex((rung) => rung.height >= height);
  if (above === -1) return STANDARD_RUNGS[STANDARD_RUNGS.length - 1].videoKbps;
  const upper = STANDARD_RUNGS[above];
  if (upper.height === height) return upper.videoKbps;
  if (above === 0) return Math.max(200, Math.round((upper.videoKbps * height ** 2) / upper.height ** 2));
  const lower = STANDARD_RUNGS[above - 1];
  return Math.round(lower.videoKbps + ((upper.videoKbps - lower.videoKbps) * (height - lower.height)) / (upper.height - lower.height));
}

/** Where a rung and an audio rendition go inside the rendition's folder (relative to the master playlist). */
export const videoFolderOf = (rung: Pick<LadderRung, 'height'>) => `v${rung.height}`;
export const audioFolderOf = (track: { index: number }) => `audio-${track.index}`;
export const MEDIA_PLAYLIST = 'index.m3u8';

/**
 * The audio streams that get a rendition of their own: all but the first. The first (the default) is
 * muxed into every rung, so a player without alternate audio (hls.js light, a TV's own HLS) still has
 * sound; the master playlist names it without a URI (RFC 8216: the audio is in the variant).
 */
export const alternateAudioOf = <T>(tracks: readonly T[]): T[] => tracks.slice(1);
export const SEGMENT_PATTERN = 'seg-%05d.ts';
export const SEGMENT_SECONDS = 4;

/** Every audio rendition, muxed or alone, and every voice-over added later (docs/media.md): AAC-LC stereo at 48 kHz. */
export const AAC_ARGS: readonly string[] = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'];

/** One HLS output of MPEG-TS segments into `outDir/folder` (which must exist): its media playlist and segments. */
export function hlsOutputArgs(outDir: string, folder: string, segmentSeconds: number = SEGMENT_SECONDS): string[] {
  return [
    '-max_muxing_queue_size',
    '4096',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${outDir}/${folder}/${SEGMENT_PATTERN}`,
    `${outDir}/${folder}/${MEDIA_PLAYLIST}`,
  ];
}

export interface TranscodeArgsInput {
  /** The source file, absolute. */
  source: string;
  /** The folder the renditions go into (its subfolders must exist), absolute. */
  outDir: string;
  rungs: readonly LadderRung[];
  /** The source's audio streams (`index` among its audio streams): the first is muxed into the rungs, each other one an audio-only rendition. */
  audioTracks: ReadonlyArray<{ index: number }>;
  /** x264's preset (EPISODE_TRANSCODE_PRESET). */
  preset: string;
  segmentSeconds?: number;
  /**
   * The source's frame rate, when known: the encoder's own keyframe interval is then one segment, so
   * it never puts a keyframe inside one. Without it x264's default (250 frames) only matters above 62.5 fps.
   */
  fps?: number;
}

/**
 * The ffmpeg arguments (after ffmpeg's global ones) of one pass that decodes the source once, splits
 * the picture into every rung (`-filter_complex`), and writes each rung as HLS with the default audio
 * stream and each other audio stream as its own audio-only HLS (AAC stereo): one output per rendition, as ffmpeg 4.1's
 * `-var_stream_map` can neither name folders nor write the master of several variants.
 * Keyframes are forced at every segment boundary in closed GOPs, so all rungs switch at the same
 * instants and every segment starts decodable (EXT-X-INDEPENDENT-SEGMENTS).
 */
export function transcodeArgs({ source, outDir, rungs, audioTracks, preset, segmentSeconds = SEGMENT_SECONDS, fps }: TranscodeArgsInput): string[] {
  const hls = (folder: string) => hlsOutputArgs(outDir, folder, segmentSeconds);
  const split = `[0:v:0]split=${rungs.length}${rungs.map((_, index) => `[s${index}]`).join('')}`;
  const scales = rungs.map((rung, index) => `[s${index}]scale=${rung.width}:${rung.height},setsar=1[v${rung.height}]`);
  const args = ['-progress', 'pipe:1', '-nostats', '-i', source, '-filter_complex', [split, ...scales].join(';')];
  const gop = fps && fps > 0 ? ['-g', String(Math.ceil(fps * segmentSeconds))] : [];
  const [defaultAudio] = audioTracks;
  const muxedAudio = defaultAudio ? ['-map', `0:a:${defaultAudio.index}`, ...AAC_ARGS] : ['-an'];
  for (const rung of rungs) {
    args.push(
      '-map',
      `[v${rung.height}]`,
      ...muxedAudio,
      '-sn',
      '-c:v',
      'libx264',
      '-preset',
      preset,
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${rung.videoKbps}k`,
      '-maxrate',
      `${rung.maxrateKbps}k`,
      '-bufsize',
      `${rung.bufsizeKbps}k`,
      '-flags',
      '+cgop',
      ...gop,
      '-force_key_frames',
      `expr:gte(t,n_forced*${segmentSeconds})`,
      '-sc_threshold',
      '0',
      ...hls(videoFolderOf(rung)),
    );
  }
  for (const track of alternateAudioOf(audioTracks)) {
    args.push('-map', `0:a:${track.index}`, '-vn', '-sn', ...AAC_ARGS, ...hls(audioFolderOf(track)));
  }
  return args;
}

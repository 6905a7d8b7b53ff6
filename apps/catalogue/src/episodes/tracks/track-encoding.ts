import { basename, dirname } from 'node:path';
import { AAC_ARGS, hlsOutputArgs, MEDIA_PLAYLIST } from '../uploads/hls-ladder';

/** Where added tracks go inside an episode's rendition folder: `tracks/<track id>/`. */
export const TRACKS_FOLDER = 'tracks';
/** An added subtitle track's one segment, beside its media playlist. */
export const SUBTITLE_FILE = 'subtitles.vtt';
/** The MPEG-TS clock. */
const PTS_PER_SECOND = 90_000;

export interface AddedAudioInput {
  /** The uploaded file, absolute. */
  input: string;
  /** The track's folder (it must exist), absolute. */
  outDir: string;
  durationSeconds: number;
  /** The episode's first video PTS (Rendition.videoStartPts). */
  videoStartPts: number | null;
}

/**
 * ffmpeg's arguments for an added voice-over: the file's first audio stream, cut at the episode's
 * duration, as the ladder's audio renditions are made (AAC, the same HLS segments). Its time 0 is put
 * at the video's first frame: the muxer's own start delay is turned off and that offset given instead,
 * so the voice-over lines up with the picture as the muxed default one does.
 */
export function addedAudioArgs({ input, outDir, durationSeconds, videoStartPts }: AddedAudioInput): string[] {
  const start = videoStartPts === null ? [] : ['-muxdelay', '0', '-output_ts_offset', (videoStartPts / PTS_PER_SECOND).toFixed(6)];
  return [
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-t',
    durationSeconds.toFixed(3),
    ...AAC_ARGS,
    ...start,
    ...hlsOutputArgs(dirname(outDir), basename(outDir)),
  ];
}

/** ffmpeg's arguments turning the file's first subtitle stream (SRT, ASS, WebVTT) into WebVTT. */
export const subtitleArgs = (input: string, output: string): string[] => ['-i', input, '-map', '0:s:0', '-c:s', 'webvtt', '-f', 'webvtt', output];

/**
 * WebVTT whose cue times count from the video's first frame: the header's X-TIMESTAMP-MAP (RFC 8216
 * §3.5) ties LOCAL 0 to that frame's PTS, as hls.js needs to place the cues beside MPEG-TS video.
 */
export function withTimestampMap(vtt: string, videoStartPts: number | null): string {
  if (videoStartPts === null) return vtt;
  const [header, ...rest] = vtt.replace(/^\uFEFF/, '').split('\n');
  return [header, `X-TIMESTAMP-MAP=MPEGTS:${videoStartPts},LOCAL:00:00:00.000`, ...rest].join('\n');
}

/** The media playlist of a subtitle track: the whole WebVTT file as one segment as long as the episode. */
export function subtitlePlaylist(durationSeconds: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(durationSeconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    SUBTITLE_FILE,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** Where a track's media playlist is, relative to the master playlist. */
export const trackUriOf = (trackId: string) => `${TRACKS_FOLDER}/${trackId}/${MEDIA_PLAYLIST}`;

/**
 * Subtitle text ffmpeg can read: a file that is not UTF-8 is taken as Windows-1251 (Russian SRT files
 * often are; ffmpeg's iconv cannot always be loaded) and answered as UTF-8. Null when it needs nothing:
 * UTF-8 already, or UTF-16 with its byte order mark (ffmpeg reads that itself).
 */
export function subtitleTextAsUtf8(bytes: Uint8Array): Buffer | null {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return null;
  } catch {
    return Buffer.from(new TextDecoder('windows-1251').decode(bytes), 'utf8');
  }
}

import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { alternateAudioOf, audioFolderOf, type LadderRung, MEDIA_PLAYLIST, videoFolderOf } from './hls-ladder';

export const MASTER_PLAYLIST = 'master.m3u8';
/** Beside the master playlist: what it was made of (Rendition), so that it can be written again without measuring. */
export const RENDITION_SIDECAR = 'rendition.json';
/** ffmpeg's `aac` encoder makes AAC-LC. */
export const AAC_LC_CODEC = 'mp4a.40.2';
const AUDIO_GROUP = 'audio';
const SUBTITLE_GROUP = 'subs';

/** Bit rates (bit/s) measured from a media playlist's segments, as RFC 8216 defines them. */
export interface MeasuredBitRates {
  bandwidth: number;
  averageBandwidth: number;
}

export interface VideoVariant extends MeasuredBitRates {
  /** Relative to the master playlist. */
  uri: string;
  width: number;
  height: number;
  /** RFC 6381, `avc1.PPCCLL`. */
  videoCodec: string;
}

export interface AudioRendition extends MeasuredBitRates {
  /** Null for the default audio, which is muxed into every variant (its bit rates are the variants'). */
  uri: string | null;
  /** The stream's place among the source's audio streams. */
  index: number;
  /** ISO 639-2 tag of the source (`jpn`), when it has one. */
  language: string | null;
  title: string | null;
}

/** A WebVTT subtitle rendition, named after its team. */
export interface SubtitleRendition {
  /** Relative to the master playlist. */
  uri: string;
  name: string;
  language: string | null;
}

/** What an episode's master playlist is made of, measured once when the episode is transcoded. */
export interface Rendition {
  variants: VideoVariant[];
  /** The source's audio streams: the first muxed into the variants, each other one a rendition of its own. */
  audio: AudioRendition[];
  /** The first video PTS of the segments (90 kHz): where time 0 of a track added later goes. Null when unreadable. */
  videoStartPts: number | null;
}

const measuredRates = { bandwidth: z.number(), averageBandwidth: z.number() };
const renditionSchema = z.object({
  variants: z.array(z.object({ ...measuredRates, uri: z.string(), width: z.number(), height: z.number(), videoCodec: z.string() })),
  audio: z.array(z.object({ ...measuredRates, uri: z.string().nullable(), index: z.number(), language: z.string().nullable(), title: z.string().nullable() })),
  videoStartPts: z.number().nullable(),
}) satisfies z.ZodType<Rendition>;

/**
 * The master playlist: the audio renditions as one group (the first, muxed into the variants, is the
 * default), the subtitles as another, then one variant per rung, ascending, whose bit rates add the
 * largest alternate audio rendition's to the rung's own (a player on an alternate still fetches the
 * variant's muxed audio).
 */
export function masterPlaylist({
  variants,
  audio,
  subtitles = [],
}: {
  variants: readonly VideoVariant[];
  audio: readonly AudioRendition[];
  subtitles?: readonly SubtitleRendition[];
}): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const names = uniqueNames(audio.map(audioTrackName));
  audio.forEach((track, position) => {
    const language = languageTagOf(track.language);
    const attributes = [
      'TYPE=AUDIO',
      `GROUP-ID="${AUDIO_GROUP}"`,
      `NAME="${quotedString(names[position])}"`,
      ...(language ? [`LANGUAGE="${language}"`] : []),
      `DEFAULT=${position === 0 ? 'YES' : 'NO'}`,
      'AUTOSELECT=YES',
      'CHANNELS="2"',
      ...(track.uri ? [`URI="${quotedString(track.uri)}"`] : []),
    ];
    lines.push(`#EXT-X-MEDIA:${attributes.join(',')}`);
  });
  const subtitleNames = uniqueNames(subtitles.map((track) => track.name));
  subtitles.forEach((track, position) => {
    const language = languageTagOf(track.language);
    const attributes = [
      'TYPE=SUBTITLES',
      `GROUP-ID="${SUBTITLE_GROUP}"`,
      `NAME="${quotedString(subtitleNames[position])}"`,
      ...(language ? [`LANGUAGE="${language}"`] : []),
      'DEFAULT=NO',
      'AUTOSELECT=YES',
      `URI="${quotedString(track.uri)}"`,
    ];
    lines.push(`#EXT-X-MEDIA:${attributes.join(',')}`);
  });
  const alternates = audio.filter((track) => track.uri !== null);
  const audioPeak = Math.max(0, ...alternates.map((track) => track.bandwidth));
  const audioAverage = Math.max(0, ...alternates.map((track) => track.averageBandwidth));
  for (const variant of [...variants].sort((a, b) => a.height - b.height)) {
    const attributes = [
      `BANDWIDTH=${variant.bandwidth + audioPeak}`,
      `AVERAGE-BANDWIDTH=${variant.averageBandwidth + audioAverage}`,
      `RESOLUTION=${variant.width}x${variant.height}`,
      `CODECS="${audio.length > 0 ? `${variant.videoCodec},${AAC_LC_CODEC}` : variant.videoCodec}"`,
      ...(audio.length > 0 ? [`AUDIO="${AUDIO_GROUP}"`] : []),
      ...(subtitles.length > 0 ? [`SUBTITLES="${SUBTITLE_GROUP}"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, variant.uri);
  }
  return `${lines.join('\n')}\n`;
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = { ja: 'Японский', ru: 'Русский', en: 'Английский' };
/** ISO 639-2 (bibliographic and terminological) to the ISO 639-1 that BCP 47 prefers. */
const TWO_LETTER: Readonly<Record<string, string>> = {
  jpn: 'ja',
  rus: 'ru',
  eng: 'en',
  ukr: 'uk',
  kor: 'ko',
  chi: 'zh',
  zho: 'zh',
  fre: 'fr',
  fra: 'fr',
  ger: 'de',
  deu: 'de',
  spa: 'es',
  ita: 'it',
  por: 'pt',
};

/** The LANGUAGE of a source's tag: ISO 639-1 when there is one, else the tag as it is; none for `und` or no tag. */
export function languageTagOf(language: string | null): string | null {
  const tag = language?.trim().toLowerCase() ?? '';
  if (!/^[a-z]{2,8}(-[a-z0-9]{1,8})*$/.test(tag) || tag === 'und') return null;
  return TWO_LETTER[tag] ?? tag;
}

/** What a player lists: the stream's title (often the voice-over team), else its language, else its number. */
export function audioTrackName(track: Pick<AudioRendition, 'index' | 'language' | 'title'>): string {
  const title = track.title?.trim();
  if (title) return title;
  const language = languageTagOf(track.language);
  return (language && LANGUAGE_NAMES[language]) ?? `Дорожка ${track.index + 1}`;
}

/** NAME must differ within a group (RFC 8216): a repeated one gets its place, «Русский (2)». */
function uniqueNames(names: string[]): string[] {
  return names.map((name, position) => (names.indexOf(name) === position ? name : `${name} (${position + 1})`));
}

/** A quoted-string has no escape (RFC 8216 §4.2): double quotes become single ones, line breaks spaces. */
const quotedString = (value: string) => value.replace(/"/g, "'").replace(/[\r\n]+/g, ' ');

export interface MediaPlaylistSegment {
  uri: string;
  duration: number;
}

/** The segments of a media playlist and its target duration. */
export function parseMediaPlaylist(text: string): { targetDuration: number; segments: MediaPlaylistSegment[] } {
  let targetDuration = 0;
  let pending: number | null = null;
  const segments: MediaPlaylistSegment[] = [];
  for (const line of text.split(/\r?\n/).map((item) => item.trim())) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) targetDuration = Number(line.slice('#EXT-X-TARGETDURATION:'.length));
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, duration: pending });
      pending = null;
    }
  }
  return { targetDuration, segments };
}

/**
 * RFC 8216 §4.3.4.2: BANDWIDTH is the peak segment bit rate, the largest bit rate of any contiguous
 * run of segments lasting 0.5 to 1.5 target durations (so a short last segment holding one keyframe
 * does not count alone); AVERAGE-BANDWIDTH is the whole playlist's. Sizes in bytes.
 */
export function bitRatesOf(segments: ReadonlyArray<{ duration: number; bytes: number }>, targetDuration: number): MeasuredBitRates {
  const totalBytes = segments.reduce((sum, segment) => sum + segment.bytes, 0);
  const totalSeconds = segments.reduce((sum, segment) => sum + segment.duration, 0);
  const average = totalSeconds > 0 ? (totalBytes * 8) / totalSeconds : 0;
  let peak = 0;
  for (let first = 0; first < segments.length; first++) {
    let bytes = 0;
    let seconds = 0;
    for (let last = first; last < segments.length; last++) {
      bytes += segments[last].bytes;
      seconds += segments[last].duration;
      if (seconds > targetDuration * 1.5) break;
      if (seconds >= targetDuration * 0.5) peak = Math.max(peak, (bytes * 8) / seconds);
    }
  }
  // A whole playlist shorter than half a target duration: its only run is itself.
  return { bandwidth: Math.ceil(Math.max(peak, average)), averageBandwidth: Math.ceil(average) };
}

/** The bit rates of a written media playlist, from its segments' sizes, and its first segment's path. */
export async function measureMediaPlaylist(playlistPath: string): Promise<MeasuredBitRates & { firstSegment: string | null }> {
  const { targetDuration, segments } = parseMediaPlaylist(await readFile(playlistPath, 'utf8'));
  const folder = dirname(playlistPath);
  const sized = await Promise.all(segments.map(async (segment) => ({ duration: segment.duration, bytes: (await stat(join(folder, segment.uri))).size })));
  return { ...bitRatesOf(sized, targetDuration), firstSegment: segments.length > 0 ? join(folder, segments[0].uri) : null };
}

/** The first video PES packet of an MPEG-TS segment: its PTS (90 kHz, null when it carries none) and its elementary stream. */
function firstVideoPes(ts: Uint8Array): { pts: number | null; es: Buffer } | null {
  const PACKET = 188;
  let videoPid: number | null = null;
  let pts: number | null = null;
  const chunks: Uint8Array[] = [];
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
      pts = payload[7] & 0x80 ? ptsOf(payload.subarray(9, 14)) : null;
      chunks.push(payload.subarray(9 + payload[8]));
    } else if (pid === videoPid) {
      if (unitStart) break;
      chunks.push(payload);
    }
  }
  return videoPid === null ? null : { pts, es: Buffer.concat(chunks) };
}

/** A PES header's 33-bit timestamp, from its five bytes (ISO 13818-1 §2.4.3.7). */
const ptsOf = (bytes: Uint8Array) => ((bytes[0] >> 1) & 0x07) * 2 ** 30 + bytes[1] * 2 ** 22 + (bytes[2] >> 1) * 2 ** 15 + bytes[3] * 2 ** 7 + (bytes[4] >> 1);

/**
 * The RFC 6381 codec of the H.264 video in an MPEG-TS segment, as ffmpeg would name it: `avc1.` and
 * the profile, constraint flags and level of the first sequence parameter set in the first video PES
 * packet. Null when there is none.
 */
export function h264CodecOf(ts: Uint8Array): string | null {
  const es = firstVideoPes(ts)?.es;
  if (!es) return null;
  const hex = (byte: number) => byte.toString(16).padStart(2, '0');
  for (let index = 0; index + 6 < es.length; index++) {
    if (es[index] === 0 && es[index + 1] === 0 && es[index + 2] === 1 && (es[index + 3] & 0x1f) === 7) {
      return `avc1.${hex(es[index + 4])}${hex(es[index + 5])}${hex(es[index + 6])}`;
    }
  }
  return null;
}

/** The PTS (90 kHz) of the first video frame of an MPEG-TS segment; null when it has none. */
export const videoStartPtsOf = (ts: Uint8Array): number | null => firstVideoPes(ts)?.pts ?? null;

/**
 * Measures the renditions ffmpeg wrote into `outDir` (transcodeArgs' layout). Throws when a rung has no
 * segment or no H.264 parameter set.
 */
export async function measureRendition(
  outDir: string,
  rungs: readonly LadderRung[],
  audioTracks: ReadonlyArray<Pick<AudioRendition, 'index' | 'language' | 'title'>>,
): Promise<Rendition> {
  const measured = await Promise.all(
    rungs.map(async (rung) => {
      const uri = `${videoFolderOf(rung)}/${MEDIA_PLAYLIST}`;
      const { firstSegment, ...rates } = await measureMediaPlaylist(join(outDir, uri));
      const segment = firstSegment ? await readFile(firstSegment) : null;
      const videoCodec = segment ? h264CodecOf(segment) : null;
      if (!segment || !videoCodec) throw new Error(`no H.264 parameter set in the first segment of ${uri}`);
      const variant: VideoVariant = { uri, width: rung.width, height: rung.height, videoCodec, ...rates };
      return { variant, startPts: videoStartPtsOf(segment) };
    }),
  );
  const [defaultAudio] = audioTracks;
  const muxed: AudioRendition[] = defaultAudio ? [{ ...defaultAudio, uri: null, bandwidth: 0, averageBandwidth: 0 }] : [];
  const alternates = await Promise.all(
    alternateAudioOf(audioTracks).map(async (track): Promise<AudioRendition> => {
      const uri = `${audioFolderOf(track)}/${MEDIA_PLAYLIST}`;
      const { bandwidth, averageBandwidth } = await measureMediaPlaylist(join(outDir, uri));
      return { uri, index: track.index, language: track.language, title: track.title, bandwidth, averageBandwidth };
    }),
  );
  return { variants: measured.map((rung) => rung.variant), audio: [...muxed, ...alternates], videoStartPts: measured[0]?.startPts ?? null };
}

/** Measures the renditions in `outDir` and writes their master playlist and its sidecar (RENDITION_SIDECAR) beside them. */
export async function writeMasterPlaylist(
  outDir: string,
  rungs: readonly LadderRung[],
  audioTracks: ReadonlyArray<Pick<AudioRendition, 'index' | 'language' | 'title'>>,
): Promise<string> {
  const rendition = await measureRendition(outDir, rungs, audioTracks);
  const text = masterPlaylist(rendition);
  await writeFile(join(outDir, RENDITION_SIDECAR), `${JSON.stringify(rendition)}\n`);
  await writeFile(join(outDir, MASTER_PLAYLIST), text);
  return text;
}

/** The sidecar of a rendition; null for one transcoded before sidecars were written. */
export async function readRendition(outDir: string): Promise<Rendition | null> {
  try {
    return renditionSchema.parse(JSON.parse(await readFile(join(outDir, RENDITION_SIDECAR), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Revision N of an episode's master playlist (the first, from the transcode, is MASTER_PLAYLIST). */
export const revisedMasterName = (revision: number) => `master-r${revision}.m3u8`;

/**
 * Writes revision `revision` of the master playlist into `outDir`, whole (renamed into place), and
 * answers its name. Earlier revisions stay: a player that loaded one keeps playing it.
 */
export async function writeRevisedMaster(outDir: string, revision: number, playlist: Parameters<typeof masterPlaylist>[0]): Promise<string> {
  const name = revisedMasterName(revision);
  const scratch = join(outDir, `.${name}.part`);
  await writeFile(scratch, masterPlaylist(playlist));
  await rename(scratch, join(outDir, name));
  return name;
}

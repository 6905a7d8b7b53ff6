import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { EpisodeTrackKind, SourceProbe } from '@portal/contracts';
import type { FfmpegTool } from '@portal/platform';

const run = promisify(execFile);

const ProbeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        tags: z.record(z.string(), z.string()).optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).optional(),
});

/** The containers an episode source may come in: MP4 (and QuickTime), Matroska and WebM. */
const ACCEPTED_FORMATS = /(^|,)(mov|mp4|matroska|webm)(,|$)/;

export type VideoProbe = { ok: true; probe: SourceProbe } | { ok: false; reason: 'not-video' | 'no-video-stream' };

const tag = (tags: Record<string, string> | undefined, name: string) => {
  const value = (tags?.[name] ?? tags?.[name.toUpperCase()])?.trim();
  // `und` is ffmpeg's «undetermined», the same as no tag.
  return value && value !== 'und' ? value : null;
};

/**
 * What a file is by its content, as ffprobe reads it: a video in an accepted container with at least
 * one picture stream (cover art does not count) and a duration, or why not.
 */
export async function probeVideo(tool: FfmpegTool, file: string): Promise<VideoProbe> {
  const output = await probe(tool, file);
  if (!output) return { ok: false, reason: 'not-video' };
  const durationSeconds = Number(output.format?.duration);
  if (!ACCEPTED_FORMATS.test(output.format?.format_name ?? '') || !(durationSeconds > 0)) return { ok: false, reason: 'not-video' };
  const video = output.streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  if (!video?.width || !video.height) return { ok: false, reason: 'no-video-stream' };
  const audioTracks = output.streams
    .filter((stream) => stream.codec_type === 'audio')
    .map((stream, index) => ({ index, language: tag(stream.tags, 'language'), title: tag(stream.tags, 'title'), codec: stream.codec_name ?? 'unknown' }));
  return { ok: true, probe: { durationSeconds, width: video.width, height: video.height, videoCodec: video.codec_name ?? 'unknown', audioTracks } };
}

/** Subtitle formats a track may come in; ffmpeg turns each into WebVTT. */
const SUBTITLE_CODECS = new Set(['subrip', 'ass', 'ssa', 'webvtt']);

/** The codec of a track file's stream of its kind (the first audio stream, or a subtitle stream ffmpeg converts), or null when it has none. */
export async function probeTrack(tool: FfmpegTool, file: string, kind: EpisodeTrackKind): Promise<string | null> {
  const streams = (await probe(tool, file))?.streams ?? [];
  const found =
    kind === 'audio'
      ? streams.find((stream) => stream.codec_type === 'audio')
      : streams.find((stream) => stream.codec_type === 'subtitle' && SUBTITLE_CODECS.has(stream.codec_name ?? ''));
  return found ? (found.codec_name ?? 'unknown') : null;
}

/** ffprobe's view of a file; null when it cannot read it. */
async function probe(tool: FfmpegTool, file: string): Promise<z.output<typeof ProbeOutput> | null> {
  try {
    const { stdout } = await run(tool.path, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
      env: tool.env,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    });
    return ProbeOutput.parse(JSON.parse(stdout));
  } catch {
    return null;
  }
}

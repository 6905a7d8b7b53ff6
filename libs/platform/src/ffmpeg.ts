import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface FfmpegTool {
  path: string;
  env: NodeJS.ProcessEnv;
}

interface ScriptsMediaTools {
  findTool: (name: MediaToolName) => { path: string; env: Record<string, string> } | null;
}

export type MediaToolName = 'ffmpeg' | 'ffprobe';

const found = new Map<MediaToolName, FfmpegTool | null>();

/**
 * The ffmpeg or ffprobe the sample generator uses (scripts/lib/ffmpeg.cjs: FFMPEG_PATH / FFPROBE_PATH,
 * PATH, else the npm build), found once; null when none runs. Outside the repository only PATH's (or
 * the variable's) is tried.
 */
export function findMediaTool(name: MediaToolName): FfmpegTool | null {
  const known = found.get(name);
  if (known !== undefined) return known;
  let tool: FfmpegTool | null;
  const script = join(process.cwd(), 'scripts/lib/ffmpeg.cjs');
  if (existsSync(script)) {
    const scripted = (createRequire(script)(script) as ScriptsMediaTools).findTool(name);
    tool = scripted ? { path: scripted.path, env: { ...process.env, ...scripted.env } } : null;
  } else {
    const path = process.env[name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'] ?? name;
    const probe = spawnSync(path, ['-hide_banner', '-version'], { timeout: 15000 });
    tool = probe.status === 0 ? { path, env: process.env } : null;
  }
  found.set(name, tool);
  return tool;
}

/** ffmpeg (findMediaTool): the AMV and episode transcoders, the rewards' animated seed cards. */
export const findFfmpeg = (): FfmpegTool | null => findMediaTool('ffmpeg');
/** ffprobe (findMediaTool): the gateway's check of uploaded episodes. */
export const findFfprobe = (): FfmpegTool | null => findMediaTool('ffprobe');

/** Runs ffmpeg; rejects with the tail of its output when it fails. */
export function runFfmpeg(tool: FfmpegTool, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { env: tool.env, signal, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`))));
  });
}

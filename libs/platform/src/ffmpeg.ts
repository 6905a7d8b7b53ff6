import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface FfmpegTool {
  path: string;
  env: NodeJS.ProcessEnv;
}

interface ScriptsFfmpeg {
  findFfmpeg: () => { path: string; env: Record<string, string> } | null;
}

let found: FfmpegTool | null | undefined;

/**
 * The ffmpeg the sample generator uses (scripts/lib/ffmpeg.cjs: FFMPEG_PATH, PATH, else the npm
 * build), found once; null when none runs. Outside the repository only PATH's is tried. Used by the
 * community's AMV transcoder and the rewards' animated seed cards.
 */
export function findFfmpeg(): FfmpegTool | null {
  if (found !== undefined) return found;
  const script = join(process.cwd(), 'scripts/lib/ffmpeg.cjs');
  if (existsSync(script)) {
    const tool = (createRequire(script)(script) as ScriptsFfmpeg).findFfmpeg();
    found = tool ? { path: tool.path, env: { ...process.env, ...tool.env } } : null;
  } else {
    const probe = spawnSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-hide_banner', '-version'], { timeout: 15000 });
    found = probe.status === 0 ? { path: process.env.FFMPEG_PATH ?? 'ffmpeg', env: process.env } : null;
  }
  return found;
}

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

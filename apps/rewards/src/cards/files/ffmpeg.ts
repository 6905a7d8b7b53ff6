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
 * The ffmpeg of the sample generator (scripts/lib/ffmpeg.cjs: FFMPEG_PATH, PATH, else the npm build),
 * as the community's AMV transcoder finds it; null when none runs.
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

export function runFfmpeg(tool: FfmpegTool, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { env: tool.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`))));
  });
}

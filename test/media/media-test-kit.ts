import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

export interface MediaTool {
  name: string;
  path: string;
  version: string;
  source: string;
  env: Record<string, string>;
}
interface MediaTools {
  findTool: (name: 'ffmpeg' | 'ffprobe', env?: NodeJS.ProcessEnv) => MediaTool | null;
  toolEnv: (tool: MediaTool, base?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the resolver is shared with the plain-Node scripts
const mediaTools: MediaTools = require('../../scripts/lib/ffmpeg.cjs');

/** The ffmpeg or ffprobe the generator would use: FFMPEG_PATH / FFPROBE_PATH, else PATH, else npm's (scripts/lib/ffmpeg.cjs). */
export function mediaTool(name: 'ffmpeg' | 'ffprobe', env: NodeJS.ProcessEnv = process.env): MediaTool {
  const tool = mediaTools.findTool(name, env);
  if (!tool) throw new Error(`no ${name} (FFMPEG_PATH / FFPROBE_PATH, PATH or npm install)`);
  return tool;
}

/** Runs ffmpeg or ffprobe (found by mediaTool) to its end and answers its standard output. */
export function runMediaTool(tool: MediaTool, args: string[]): Buffer {
  return execFileSync(tool.path, args, { env: mediaTools.toolEnv(tool), maxBuffer: 64 * 1024 * 1024 });
}

/** The test variant of the samples: 6 s episodes in two qualities, two of Naruto and one of Death Note. */
export const TINY_SAMPLES = ['--duration', '6', '--qualities', '360,720', '--titles', '20:2,1535:1', '--no-link'];

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `npm run media:samples -- <args>` as the command runs it (the script itself, no npm in between). */
export function runSamplesCommand(args: string[], env: NodeJS.ProcessEnv = process.env): CommandResult {
  const started = Date.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/generate-samples.mjs'), ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
}

export function tempMediaDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-media-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface SampleManifestFile {
  version: number;
  spec: string;
  build: string;
  episodes: Array<{
    animeId: number;
    number: number;
    title: string | null;
    durationSeconds: number;
    master: string;
    qualities: number[];
    opening: { start: number; end: number } | null;
    ending: { start: number; end: number } | null;
  }>;
}

export const readManifest = (mediaDir: string): SampleManifestFile => JSON.parse(readFileSync(join(mediaDir, 'samples/manifest.json'), 'utf8'));

/** The streams of a media file or playlist, by ffprobe (`tool`: another ffprobe than mediaTool's). */
export function ffprobe(
  file: string,
  tool: MediaTool = mediaTool('ffprobe'),
): Array<{ codec_type: string; codec_name: string; profile?: string; width?: number; height?: number }> {
  const out = runMediaTool(tool, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height', '-of', 'json', file]);
  return JSON.parse(out.toString('utf8')).streams;
}

/** The mean colour of the frame at `seconds`, as [r, g, b] (the frame scaled down to one pixel). */
export function meanColourAt(playlist: string, seconds: number): [number, number, number] {
  // -ss after -i: decoded up to there (npm's ffmpeg 4.1 does not seek in an HLS input; a 6 s episode decodes at once).
  const pixel = runMediaTool(mediaTool('ffmpeg'), [
    '-v',
    'error',
    '-i',
    playlist,
    '-ss',
    String(seconds),
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  return [pixel[0], pixel[1], pixel[2]];
}

/** A GET with the path sent exactly as written: fetch() would resolve `..` before sending it. */
export function rawGet(baseUrl: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The PTS (90 kHz) of the first packet of a file's first audio (`a`) or video (`v`) stream, by ffprobe. */
export function firstPacketPts(file: string, stream: 'a' | 'v'): number {
  const out = runMediaTool(mediaTool('ffprobe'), [
    ...['-v', 'error', '-select_streams', `${stream}:0`, '-show_entries', 'packet=pts', '-read_intervals', '%+#1', '-of', 'csv=p=0', file],
  ]);
  // One line per packet, `pts` first (side data, when there is some, follows it).
  return Number(/^\d+/.exec(out.toString('utf8').trim())?.[0]);
}

/** A multipart POST of form fields and one file, as a browser's FormData sends it; the answer's status and JSON body. */
export async function postForm(
  url: URL,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
  token?: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const response = await fetch(url, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: await response.json() };
}

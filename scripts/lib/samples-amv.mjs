// Sample AMVs (docs/media.md, «AMV»): three clips of a few seconds made with the same ffmpeg as the
// sample episodes (test pattern and a tone, low resolution, so npm start stays quick), written as
// uploads under MEDIA_DIR/amv/uploads with a manifest the community registers at boot (idempotent:
// fixed ids, inserted only when missing).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolEnv } from './ffmpeg.cjs';

/** Where the manifest lives under MEDIA_DIR (the community reads the same path). */
export const SAMPLE_AMV_MANIFEST = 'amv/samples.json';
export const SAMPLE_AMV_VERSION = 1;

/** The clips: Russian, Latin and digit-first titles, so the letter bar has «С», «N» and «#» to show. */
export const SAMPLE_AMVS = [
  {
    id: '5a3e0000-0000-4000-8000-000000000001',
    uploadId: '5a3e0000-0000-4000-8000-0000000000a1.mp4',
    title: 'Сакура в цвету',
    author: 'Демо-студия',
    musicArtist: 'Генератор',
    musicTrack: 'Тон 440 Гц',
    tags: ['демо', 'романтика'],
    source: 'testsrc2',
    frequency: 440,
  },
  {
    id: '5a3e0000-0000-4000-8000-000000000002',
    uploadId: '5a3e0000-0000-4000-8000-0000000000a2.mp4',
    title: 'Neon Genesis Beat',
    author: 'Demo Studio',
    musicArtist: 'Generator',
    musicTrack: 'Tone 660 Hz',
    tags: ['демо', 'экшен'],
    source: 'smptebars',
    frequency: 660,
  },
  {
    id: '5a3e0000-0000-4000-8000-000000000003',
    uploadId: '5a3e0000-0000-4000-8000-0000000000a3.mp4',
    title: '7 самураев: ритм',
    author: 'Демо-студия',
    musicArtist: 'Генератор',
    musicTrack: 'Тон 880 Гц',
    tags: ['демо'],
    source: 'rgbtestsrc',
    frequency: 880,
  },
];

export const SAMPLE_AMV_SECONDS = 4;

export function readSampleAmvManifest(mediaDir) {
  try {
    return JSON.parse(readFileSync(join(mediaDir, SAMPLE_AMV_MANIFEST), 'utf8'));
  } catch {
    return null;
  }
}

/** The manifest is of this version and every clip it names is on disk. */
export function sampleAmvsUpToDate(mediaDir) {
  const manifest = readSampleAmvManifest(mediaDir);
  return (
    manifest?.version === SAMPLE_AMV_VERSION &&
    manifest.clips.length === SAMPLE_AMVS.length &&
    manifest.clips.every((clip) => existsSync(join(mediaDir, 'amv/uploads', clip.uploadId)))
  );
}

const ffmpegArgs = (clip, out) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  `${clip.source}=size=320x180:rate=15:duration=${SAMPLE_AMV_SECONDS}`,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${clip.frequency}:duration=${SAMPLE_AMV_SECONDS}`,
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '1',
  '-c:a',
  'aac',
  '-b:a',
  '64k',
  '-shortest',
  '-movflags',
  '+faststart',
  out,
];

function run(ffmpeg, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'], env: toolEnv(ffmpeg) });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim().split('\n').slice(-2).join(' | ')}`)),
    );
  });
}

/** Makes the clips (each written to a scratch name, then renamed) and the manifest last. Returns `{ generated }`. */
export async function generateSampleAmvs({ mediaDir, ffmpeg, force = false }) {
  if (!force && sampleAmvsUpToDate(mediaDir)) return { generated: false, manifest: readSampleAmvManifest(mediaDir) };
  const uploads = join(mediaDir, 'amv/uploads');
  mkdirSync(uploads, { recursive: true });
  await Promise.all(
    SAMPLE_AMVS.map(async (clip) => {
      const target = join(uploads, clip.uploadId);
      if (!force && existsSync(target)) return;
      const scratch = join(uploads, `.${clip.uploadId}.part.mp4`);
      try {
        await run(ffmpeg, ffmpegArgs(clip, scratch));
        renameSync(scratch, target);
      } finally {
        rmSync(scratch, { force: true });
      }
    }),
  );
  const manifest = {
    version: SAMPLE_AMV_VERSION,
    clips: SAMPLE_AMVS.map(({ id, uploadId, title, author, musicArtist, musicTrack, tags }) => ({
      id,
      uploadId,
      title,
      author,
      musicArtist,
      musicTrack,
      tags,
      durationSeconds: SAMPLE_AMV_SECONDS,
    })),
  };
  const path = join(mediaDir, SAMPLE_AMV_MANIFEST);
  writeFileSync(`${path}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
  return { generated: true, manifest };
}

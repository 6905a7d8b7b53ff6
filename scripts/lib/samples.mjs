// Makes the sample episodes with ffmpeg (see samples-plan.mjs for what, docs/media.md for why).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import {
  buildIdOf,
  buildManifest,
  ffmpegArgs,
  MANIFEST_FILE,
  manifestMatches,
  PLAIN_PATH,
  plannedEpisodes,
  SAMPLES_SUBDIR,
  samplesSpec,
} from './samples-plan.mjs';
import { ROOT } from './setup.mjs';

/** One line, Russian then English, for a machine without ffmpeg. */
export const NO_FFMPEG_MESSAGE =
  'ffmpeg не найден: установите его (apt-get install ffmpeg) или укажите путь в FFMPEG_PATH, затем npm run media:samples / ' +
  'ffmpeg not found: install it (apt-get install ffmpeg) or set FFMPEG_PATH, then run npm run media:samples';

export class SamplesError extends Error {}

/** MEDIA_DIR, else `media` beside the rest of the portal's data (PORTAL_DATA_DIR, default .data). */
export function defaultMediaDir(env = process.env) {
  if (env.MEDIA_DIR) return resolve(env.MEDIA_DIR);
  return join(env.PORTAL_DATA_DIR ? resolve(env.PORTAL_DATA_DIR) : join(ROOT, '.data'), 'media');
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** FFMPEG_PATH, else `ffmpeg` on PATH; null when there is none that runs. */
export function findFfmpeg(env = process.env) {
  const candidates = env.FFMPEG_PATH
    ? [env.FFMPEG_PATH]
    : (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'ffmpeg'));
  const path = candidates.find(executable);
  if (!path) return null;
  const probe = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8' });
  if (probe.status !== 0) return null;
  const version = /ffmpeg version (\S+)/.exec(probe.stdout)?.[1] ?? 'unknown';
  return { path, version };
}

/** The generator needs libx264, drawtext (libfreetype) and the lavfi sources; Debian's ffmpeg has them all. */
function checkFfmpegFeatures(ffmpeg) {
  const filters = spawnSync(ffmpeg.path, ['-hide_banner', '-filters'], { encoding: 'utf8' }).stdout ?? '';
  const encoders = spawnSync(ffmpeg.path, ['-hide_banner', '-encoders'], { encoding: 'utf8' }).stdout ?? '';
  const missing = [
    ...['drawtext', 'testsrc2', 'sine', 'drawbox'].filter((name) => !new RegExp(`\\s${name}\\s`).test(filters)),
    ...['libx264', 'aac'].filter((name) => !new RegExp(`\\s${name}\\s`).test(encoders)),
  ];
  if (missing.length > 0) {
    throw new SamplesError(
      `ffmpeg в ${ffmpeg.path} собран без ${missing.join(', ')}: поставьте ffmpeg из дистрибутива (apt-get install ffmpeg) / ` +
        `ffmpeg at ${ffmpeg.path} lacks ${missing.join(', ')}: install the distribution's build (apt-get install ffmpeg)`,
    );
  }
}

/** A font with Cyrillic glyphs; null lets drawtext ask fontconfig for "Sans". */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
];
const findFont = () => FONT_CANDIDATES.find((path) => PLAIN_PATH.test(path) && existsSync(path)) ?? null;

export function readManifest(mediaDir) {
  try {
    return JSON.parse(readFileSync(join(mediaDir, SAMPLES_SUBDIR, MANIFEST_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** The manifest describes this spec and every master playlist it names is on disk. */
export function samplesUpToDate(mediaDir, options = {}) {
  const manifest = readManifest(mediaDir);
  if (!manifestMatches(manifest, samplesSpec(options))) return false;
  return manifest.episodes.every((episode) => existsSync(join(mediaDir, episode.master)));
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function runFfmpeg(ffmpegPath, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new SamplesError(`ffmpeg exited with ${code}: ${errors.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

/**
 * Runs `work` over `items`, at most `limit` at a time. After a failure no new item starts, and the
 * running ones are awaited before it is thrown (their folder is removed next).
 */
async function inPool(items, limit, work) {
  let next = 0;
  let failure = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      try {
        await work(items[next++]);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure;
}

/**
 * Makes the samples into `<mediaDir>/samples/<build>/` and writes the manifest last, so a run that
 * fails or is interrupted leaves the previous samples (and manifest) as they were.
 * Returns `{ generated: false }` when they are already current and `force` is not set.
 */
export async function generateSamples({ mediaDir = defaultMediaDir(), force = false, ffmpeg = findFfmpeg(), log = () => {}, ...options } = {}) {
  const spec = samplesSpec(options);
  if (!force && samplesUpToDate(mediaDir, options)) return { generated: false, mediaDir, manifest: readManifest(mediaDir), seconds: 0 };
  if (!ffmpeg) throw new SamplesError(NO_FFMPEG_MESSAGE);
  checkFfmpegFeatures(ffmpeg);

  const started = Date.now();
  const samplesDir = join(mediaDir, SAMPLES_SUBDIR);
  const buildId = buildIdOf(spec);
  // A dot folder: never served (the gateway ignores dotfiles) and never mistaken for a build.
  const partial = join(samplesDir, `.partial-${buildId}-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const textDir = mkdtempSync(join(tmpdir(), 'portal-samples-'));
  const fontFile = findFont();
  const episodes = plannedEpisodes(spec);
  // ffmpeg 5 encodes on one thread per process (and x264 is asked for one): one episode per core.
  const jobs = options.jobs ?? Math.min(4, Math.max(1, cpus().length));
  try {
    writeFileSync(join(textDir, 'opening.txt'), 'ОПЕНИНГ');
    writeFileSync(join(textDir, 'ending.txt'), 'ЭНДИНГ');
    await inPool(episodes, jobs, async (episode) => {
      const relative = episode.dir.slice(`${SAMPLES_SUBDIR}/${buildId}/`.length);
      const outDir = join(partial, relative);
      mkdirSync(outDir, { recursive: true });
      const label = join(textDir, `label-${episode.animeId}-${episode.number}.txt`);
      writeFileSync(label, episode.label);
      const texts = { opening: join(textDir, 'opening.txt'), ending: join(textDir, 'ending.txt'), label };
      // The filtergraph names the text files unquoted (the output folder is a plain argument).
      if (!Object.values(texts).every((path) => PLAIN_PATH.test(path))) throw new SamplesError(`unsupported characters in TMPDIR: ${textDir}`);
      log(episode.label);
      await runFfmpeg(ffmpeg.path, ffmpegArgs({ episode, spec, outDir, fontFile, texts }));
    });
    const target = join(samplesDir, buildId);
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const manifest = buildManifest(spec, { generatedAt: new Date().toISOString(), ffmpegVersion: ffmpeg.version, seconds });
    const manifestPath = join(samplesDir, MANIFEST_FILE);
    writeFileSync(`${manifestPath}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(`${manifestPath}.tmp`, manifestPath);
    // Older builds are no longer named by the manifest; a partial one is left only by a run still going.
    for (const entry of readdirSync(samplesDir)) {
      const partialOf = /^\.partial-\w+-(\d+)$/.exec(entry);
      if (entry === buildId || entry === MANIFEST_FILE || (partialOf && processAlive(Number(partialOf[1])))) continue;
      rmSync(join(samplesDir, entry), { recursive: true, force: true });
    }
    return { generated: true, mediaDir, manifest, seconds };
  } finally {
    rmSync(partial, { recursive: true, force: true });
    rmSync(textDir, { recursive: true, force: true });
  }
}

// Makes the sample episodes with ffmpeg (see samples-plan.mjs for what, docs/media.md for why).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findFfmpeg, missingToolMessage, toolEnv } from './ffmpeg.cjs';
import {
  AUDIO_CODEC,
  buildIdOf,
  buildManifest,
  ffmpegArgs,
  h264CodecOf,
  MANIFEST_FILE,
  manifestMatches,
  masterPlaylist,
  parsePlaylist,
  PLAIN_PATH,
  plannedEpisodes,
  RENDITIONS,
  SAMPLES_SUBDIR,
  samplesSpec,
  variantDir,
} from './samples-plan.mjs';
import { ROOT } from './setup.mjs';

/** FFMPEG_PATH, else `ffmpeg` on PATH, else the one of npm (ffmpeg.cjs); null when there is none that runs. */
export { findFfmpeg };

/** One line, Russian then English, for when there is no ffmpeg (see ffmpeg.cjs for when that can be). */
export const noFfmpegMessage = (env = process.env) => missingToolMessage('ffmpeg', env);

export class SamplesError extends Error {}

/** MEDIA_DIR, else `media` beside the rest of the portal's data (PORTAL_DATA_DIR, default .data). */
export function defaultMediaDir(env = process.env) {
  if (env.MEDIA_DIR) return resolve(env.MEDIA_DIR);
  return join(env.PORTAL_DATA_DIR ? resolve(env.PORTAL_DATA_DIR) : join(ROOT, '.data'), 'media');
}

/** The generator needs libx264, drawtext (libfreetype) and the lavfi sources; Debian's ffmpeg and npm's have them all. */
function checkFfmpegFeatures(ffmpeg) {
  const filters = spawnSync(ffmpeg.path, ['-hide_banner', '-filters'], { encoding: 'utf8', env: toolEnv(ffmpeg) }).stdout ?? '';
  const encoders = spawnSync(ffmpeg.path, ['-hide_banner', '-encoders'], { encoding: 'utf8', env: toolEnv(ffmpeg) }).stdout ?? '';
  const missing = [
    ...['drawtext', 'testsrc2', 'sine', 'drawbox'].filter((name) => !new RegExp(`\\s${name}\\s`).test(filters)),
    ...['libx264', 'aac'].filter((name) => !new RegExp(`\\s${name}\\s`).test(encoders)),
  ];
  if (missing.length > 0) {
    throw new SamplesError(
      `ffmpeg в ${ffmpeg.path} собран без ${missing.join(', ')}: укажите в FFMPEG_PATH полную сборку (apt-get install ffmpeg) / ` +
        `ffmpeg at ${ffmpeg.path} lacks ${missing.join(', ')}: set FFMPEG_PATH to a full build (apt-get install ffmpeg)`,
    );
  }
}

/** DejaVu Sans Bold from npm (dejavu-fonts-ttf): a font even on a machine that has none. */
function npmFont() {
  try {
    return createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
  } catch {
    return null;
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
const findFont = () => [...FONT_CANDIDATES, npmFont()].find((path) => path && PLAIN_PATH.test(path) && existsSync(path)) ?? null;

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

function runFfmpeg(ffmpeg, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'], env: toolEnv(ffmpeg) });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new SamplesError(`ffmpeg exited with ${code}: ${errors.trim().split('\n').slice(-3).join(' | ')}`)),
    );
  });
}

/**
 * Moves each quality ffmpeg wrote into `<outDir>/<index>/` to its `variantDir` and writes the master
 * playlist naming them (see ffmpegArgs for why ffmpeg does not).
 */
function finishEpisode(outDir, qualities) {
  const variants = qualities.map((quality, index) => {
    const dir = variantDir(quality);
    renameSync(join(outDir, String(index)), join(outDir, dir));
    const { segments } = parsePlaylist(readFileSync(join(outDir, dir, 'index.m3u8'), 'utf8'));
    if (segments.length === 0) throw new SamplesError(`ffmpeg wrote no segment of ${dir} in ${outDir}`);
    const bits = segments.map((segment) => statSync(join(outDir, dir, segment.uri)).size * 8);
    const seconds = segments.reduce((sum, segment) => sum + segment.duration, 0);
    const video = h264CodecOf(readFileSync(join(outDir, dir, segments[0].uri)));
    if (!video) throw new SamplesError(`no H.264 stream in ${join(outDir, dir, segments[0].uri)}`);
    return {
      uri: `${dir}/index.m3u8`,
      bandwidth: Math.ceil(Math.max(...segments.map((segment, at) => bits[at] / segment.duration))),
      averageBandwidth: Math.ceil(bits.reduce((sum, value) => sum + value, 0) / seconds),
      width: RENDITIONS[quality].width,
      height: RENDITIONS[quality].height,
      codecs: `${video},${AUDIO_CODEC}`,
    };
  });
  writeFileSync(join(outDir, 'master.m3u8'), masterPlaylist(variants));
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
  if (!ffmpeg) throw new SamplesError(noFfmpegMessage());
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
      await runFfmpeg(ffmpeg, ffmpegArgs({ episode, spec, outDir, fontFile, texts }));
      finishEpisode(outDir, spec.qualities);
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

#!/usr/bin/env node
// `npm run bench:transcode`: the uploaded-episode pipeline (docs/media.md «Uploading episodes»), each
// half against a baseline measured in the same run.
//
// Transcoding. Two sources are made with the repository's ffmpeg (scripts/lib/ffmpeg.cjs: npm's static
// build here, always run with its environment): testsrc2 at 1920×1080 and 3840×2160, 25 fps,
// BENCH_SOURCE_SECONDS (10) s long, with two AAC audio streams tagged as release teams tag them, H.264
// (x264 ultrafast, CRF 23) in Matroska. Each is transcoded into its whole ladder
//   (a) by the pipeline's own code, compiled in dist/ (built if the sources are newer): ladderFor,
//       transcodeArgs, runWithProgress, writeMasterPlaylist, with the audio streams as the gateway's
//       probeVideo reports them, as the catalogue's worker calls them (minus its database and lease);
//   (b) by a plain ffmpeg command line for the same renditions (rungs with the first audio stream muxed
//       in, the other audio streams alone), bit rates, preset and segment length, written by hand in
//       bench/lib/transcode-plan.mjs without the pipeline's code (a fixed GOP of one segment instead of
//       forced keyframes, no -progress, no master playlist).
// The bench checks that both ladders are the same before it compares them. BENCH_TRANSCODE_ROUNDS (2)
// rounds per source, alternating which side goes first, and up to BENCH_TRANSCODE_EXTRA_ROUNDS (2) more
// while a side has had no run with at least 85 % of the cores (other work on the machine). Reported per
// source and side, from its fastest run (other work on the machine only slows a run down): wall
// seconds, the multiple of real time (source duration / wall), CPU seconds (the bench process and the
// ffmpeg it waited for, /proc/self/stat), the share of the cores the run had (CPU / (wall × cores):
// well under 100 %, the machine was shared and the wall figures are not the pipeline's), and the
// pipeline/plain ratios. Then each rung alone (a one-rung ladder, video only, the pipeline's code)
// from the smallest source that has it. The preset is the portal's: EPISODE_TRANSCODE_PRESET, default
// veryfast.
//
// Upload. The gateway's tus endpoint (the real serveEpisodeUploads from dist/ on a bare Fastify, with
// its access guard and catalogue RPC stubbed: bench/lib/tus-upload-server.mjs; ffprobe still checks the
// finished file) against a plain Fastify that pipes a PUT body to a file
// (bench/lib/upload-baseline-server.mjs), each its own process on loopback. The file is a short real
// Matroska video followed by random bytes up to BENCH_UPLOAD_MIB (1024) MiB, made once. After a 64 MiB
// warm-up each, the servers get BENCH_SMALL_UPLOAD_MIB (256) MiB twice and then the big file
// BENCH_UPLOAD_RUNS (5) times each, in turn, one request each (tus: a POST to create, then one PATCH
// with the whole body; MB/s is the PATCH's). The server's peak RSS during each upload is its VmHWM
// (reset before the upload through /proc/<pid>/clear_refs) and VmRSS sampled every 20 ms.
//
// BENCH_PARTS ("transcode,upload") picks the halves. Every file is made under one temporary folder,
// removed at the end, also on failure or Ctrl-C. Writes artifacts/bench/transcode.json and
// transcode.md (the tables quoted in docs/PERFORMANCE.md); exits 1 when a transcode or an upload fails.
import { spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { atExit, runBench } from './lib/cleanup.mjs';
import { cpuWithReapedChildrenMs, machineCpu } from './lib/process-watch.mjs';
import { distRequire, ensureApiBuilt, freePort, ROOT, startProcess, waitReady } from './lib/services.mjs';
import { machine, printTable, round, saveArtifact, warnIfBusy } from './lib/stats.mjs';
import {
  alternate,
  SHARED_BELOW,
  ladderDifferences,
  markdownReport,
  median,
  plainArgs,
  plainFolders,
  plainLadder,
  statusMib,
  tusMetadata,
} from './lib/transcode-plan.mjs';

const require = createRequire(import.meta.url);
const { findFfmpeg, findFfprobe, missingToolMessage, toolEnv } = require('../scripts/lib/ffmpeg.cjs');

function numberFromEnv(name, fallback, min, max) {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}: ${text} is not a whole number between ${min} and ${max}`);
  return value;
}

const PARTS = new Set((process.env.BENCH_PARTS ?? 'transcode,upload').split(',').map((part) => part.trim()));
const SOURCE_SECONDS = numberFromEnv('BENCH_SOURCE_SECONDS', 10, 2, 120);
const ROUNDS = numberFromEnv('BENCH_TRANSCODE_ROUNDS', 2, 1, 5);
const EXTRA_ROUNDS = numberFromEnv('BENCH_TRANSCODE_EXTRA_ROUNDS', 2, 0, 5);
const UPLOAD_MIB = numberFromEnv('BENCH_UPLOAD_MIB', 1024, 64, 4096);
const SMALL_UPLOAD_MIB = numberFromEnv('BENCH_SMALL_UPLOAD_MIB', 256, 16, UPLOAD_MIB);
const UPLOAD_RUNS = numberFromEnv('BENCH_UPLOAD_RUNS', 5, 1, 20);
const WARMUP_MIB = 64;
const FPS = 25;
/** transcodeArgs' default segment length, which the worker uses; the baseline's is written by hand. */
const SEGMENT_SECONDS = 4;
const SOURCES = [
  { label: '1080p', width: 1920, height: 1080 },
  { label: '2160p', width: 3840, height: 2160 },
];
const SOURCE_RECIPE = 'testsrc2 at 25 fps with two AAC audio streams (jpn «Оригинал», rus «AniLibria»), H.264 (x264 ultrafast, CRF 23) in Matroska';
const MIB = 1024 * 1024;

// The pipeline's code, compiled (loaded once dist/ is built).
let ladderFor, transcodeArgs, videoFolderOf, audioFolderOf, alternateAudioOf, runWithProgress, writeMasterPlaylist, MASTER_PLAYLIST, probeVideo, PRESET;

function loadPipelineCode() {
  ({ ladderFor, transcodeArgs, videoFolderOf, audioFolderOf, alternateAudioOf } = distRequire('apps/catalogue/src/episodes/uploads/hls-ladder'));
  ({ runWithProgress } = distRequire('apps/catalogue/src/episodes/uploads/ffmpeg-progress'));
  ({ writeMasterPlaylist, MASTER_PLAYLIST } = distRequire('apps/catalogue/src/episodes/uploads/hls-master-playlist'));
  ({ probeVideo } = distRequire('apps/gateway/src/media/probe-video'));
  // The portal's preset: EPISODE_TRANSCODE_PRESET as the catalogue reads it (default veryfast).
  PRESET = distRequire('libs/config/src/index.js').catalogueEnvSchema.shape.EPISODE_TRANSCODE_PRESET.parse(process.env.EPISODE_TRANSCODE_PRESET);
}

/** A tool found by scripts/lib/ffmpeg.cjs as the services get it: its path and the whole environment to run it with. */
function mediaTool(name) {
  const found = name === 'ffmpeg' ? findFfmpeg() : findFfprobe();
  if (!found) throw new Error(missingToolMessage(name));
  return { path: found.path, version: found.version, env: toolEnv(found) };
}

/** Aborted when the bench ends (also on failure or Ctrl-C): kills an ffmpeg still running. */
const stopping = new AbortController();

/** Runs ffmpeg to its end; rejects with its last error lines. */
function runFfmpeg(tool, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      env: tool.env,
      stdio: ['ignore', 'ignore', 'pipe'],
      signal: stopping.signal,
    });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${errors.trim()}`))));
  });
}

/** Wall and CPU time of `work` (the bench process and every child it waited for), and the machine's busy share meanwhile. */
async function timed(work) {
  const cpuBefore = cpuWithReapedChildrenMs(process.pid);
  const busy = machineCpu();
  const started = performance.now();
  const result = await work();
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpuWithReapedChildrenMs(process.pid) - cpuBefore) / 1000;
  // What share of the machine's cores the work itself had: far under 1 when other processes took them.
  return { wallSeconds, cpuSeconds, share: cpuSeconds / (wallSeconds * cpus().length), busy: busy(), result };
}

/** Segments and bytes of each media playlist under outDir (checks that ffmpeg wrote every rendition). */
async function renditions(outDir, folders) {
  const figures = {};
  for (const folder of folders) {
    const playlist = await readFile(join(outDir, folder, 'index.m3u8'), 'utf8');
    const segments = playlist.split('\n').filter((line) => line.trim().endsWith('.ts'));
    if (segments.length === 0 || !playlist.includes('#EXT-X-ENDLIST')) throw new Error(`${outDir}/${folder}: no complete playlist`);
    let bytes = 0;
    for (const segment of segments) bytes += (await stat(join(outDir, folder, segment.trim()))).size;
    figures[folder] = { segments: segments.length, bytes };
  }
  return figures;
}

async function makeSource(ffmpeg, ffprobe, dir, { label, width, height }) {
  const file = join(dir, `source-${label}.mkv`);
  const made = await timed(() =>
    runFfmpeg(ffmpeg, [
      ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${FPS}:duration=${SOURCE_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${SOURCE_SECONDS}`, '-f', 'lavfi', '-i', `sine=frequency=660:duration=${SOURCE_SECONDS}`],
      ...[
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-map',
        '2:a',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
      ],
      ...['-metadata:s:a:0', 'language=jpn', '-metadata:s:a:0', 'title=Оригинал', '-metadata:s:a:1', 'language=rus', '-metadata:s:a:1', 'title=AniLibria'],
      file,
    ]),
  );
  // What the gateway's check of an upload reports, which is what the worker is given.
  const probed = await probeVideo(ffprobe, file);
  if (!probed.ok) throw new Error(`${file}: ffprobe says ${probed.reason}`);
  const { durationSeconds, audioTracks } = probed.probe;
  console.log(
    `[bench] source ${label}: ${width}×${height}, ${round(durationSeconds, 2)} s, ${audioTracks.length} audio streams, made in ${round(made.wallSeconds, 1)} s`,
  );
  return { label, file, width: probed.probe.width, height: probed.probe.height, durationSeconds, audioTracks, fps: FPS, bytes: statSync(file).size };
}

/** The pipeline as the catalogue's worker runs it (episode-transcode.worker.ts, encode), minus the database. */
async function runPipeline(ffmpeg, source, outDir, rungs, audioTracks) {
  const folders = [...rungs.map(videoFolderOf), ...alternateAudioOf(audioTracks).map(audioFolderOf)];
  await Promise.all(folders.map((folder) => mkdir(join(outDir, folder), { recursive: true })));
  let reports = 0;
  const args = transcodeArgs({ source: source.file, outDir, rungs, audioTracks, preset: PRESET });
  await runWithProgress(ffmpeg, args, { durationSeconds: source.durationSeconds, signal: stopping.signal, onProgress: () => (reports += 1) });
  await writeMasterPlaylist(outDir, rungs, audioTracks);
  return { folders, progressReports: reports };
}

async function runPlain(ffmpeg, source, outDir, rungs) {
  const audioStreams = source.audioTracks.length;
  const folders = plainFolders(rungs, audioStreams);
  await Promise.all(folders.map((folder) => mkdir(join(outDir, folder), { recursive: true })));
  await runFfmpeg(ffmpeg, plainArgs({ source: source.file, outDir, rungs, audioStreams, preset: PRESET, segmentSeconds: SEGMENT_SECONDS, fps: source.fps }));
  return { folders };
}

async function benchTranscode(dir, ffmpeg, ffprobe) {
  const sources = [];
  for (const spec of SOURCES) sources.push(await makeSource(ffmpeg, ffprobe, dir, spec));
  let runNumber = 0;
  const outDirOf = (name) => join(dir, `out-${(runNumber += 1)}-${name}`);
  const ladders = [];
  for (const source of sources) {
    const rungs = ladderFor(source.width, source.height);
    const plainRungs = plainLadder(source.height);
    const differences = ladderDifferences(plainRungs, rungs);
    if (differences.length > 0)
      throw new Error(`the hand-written ladder of ${source.label} is not ladderFor's (${differences.join('; ')}): update bench/lib/transcode-plan.mjs`);
    const runs = { pipeline: [], plain: [] };
    const runOnce = async (side) => {
      const outDir = outDirOf(`${source.label}-${side}`);
      console.log(`[bench] ${source.label} → ${rungs.map((rung) => rung.height).join(', ')} + ${source.audioTracks.length} audio, ${side}…`);
      const run = await timed(() =>
        side === 'pipeline' ? runPipeline(ffmpeg, source, outDir, rungs, source.audioTracks) : runPlain(ffmpeg, source, outDir, rungs),
      );
      const written = await renditions(outDir, run.result.folders);
      if (side === 'pipeline') await stat(join(outDir, MASTER_PLAYLIST));
      await rm(outDir, { recursive: true, force: true });
      console.log(
        `[bench]   ${round(run.wallSeconds, 1)} s wall, ${round(run.cpuSeconds, 1)} s CPU (${Math.round(run.share * 100)} % of the cores), machine ${Math.round(run.busy * 100)} % busy`,
      );
      if (run.share < SHARED_BELOW)
        console.warn(`[bench]   only ${Math.round(run.share * 100)} % of the cores: other processes ran, this wall time is not the pipeline's`);
      runs[side].push({
        wallSeconds: run.wallSeconds,
        cpuSeconds: run.cpuSeconds,
        share: run.share,
        busy: run.busy,
        progressReports: run.result.progressReports,
        renditions: written,
      });
    };
    for (const side of alternate(ROUNDS, 'pipeline', 'plain')) await runOnce(side);
    // A side that never had the machine to itself gets another round (both sides, in turn), a few at most.
    const hadTheMachine = (side) => runs[side].some((run) => run.share >= SHARED_BELOW);
    for (let extra = 0; extra < EXTRA_ROUNDS && !(hadTheMachine('pipeline') && hadTheMachine('plain')); extra++) {
      console.log(`[bench] ${source.label}: a side never had the cores to itself, one more round…`);
      for (const side of (ROUNDS + extra) % 2 === 0 ? ['pipeline', 'plain'] : ['plain', 'pipeline']) await runOnce(side);
    }
    // The fastest run of each side: other processes on the machine only ever slow a run down.
    const summary = (list) => {
      const fastest = list.reduce((best, run) => (run.wallSeconds < best.wallSeconds ? run : best));
      return {
        wallSeconds: fastest.wallSeconds,
        cpuSeconds: Math.min(...list.map((run) => run.cpuSeconds)),
        share: fastest.share,
        medianWallSeconds: median(list.map((run) => run.wallSeconds)),
        realTime: source.durationSeconds / fastest.wallSeconds,
        runs: list,
      };
    };
    const pipeline = summary(runs.pipeline);
    const plain = summary(runs.plain);
    ladders.push({
      source: `${source.width}×${source.height}`,
      rungs: rungs.map((rung) => rung.height),
      pipeline,
      plain,
      wallRatio: pipeline.wallSeconds / plain.wallSeconds,
      cpuRatio: pipeline.cpuSeconds / plain.cpuSeconds,
    });
  }

  const rungs = [];
  for (const height of [...new Set(sources.flatMap((source) => ladderFor(source.width, source.height).map((rung) => rung.height)))].sort((a, b) => a - b)) {
    const source = sources.find((candidate) => candidate.height >= height);
    const rung = ladderFor(source.width, source.height).find((candidate) => candidate.height === height);
    const outDir = outDirOf(`rung-${height}`);
    console.log(`[bench] one rung alone: ${rung.width}×${rung.height} from ${source.label}…`);
    const run = await timed(() => runPipeline(ffmpeg, source, outDir, [rung], []));
    await renditions(outDir, run.result.folders);
    await rm(outDir, { recursive: true, force: true });
    console.log(
      `[bench]   ${round(run.wallSeconds, 1)} s wall, ${round(source.durationSeconds / run.wallSeconds, 2)}× real time, ${Math.round(run.share * 100)} % of the cores`,
    );
    rungs.push({
      ...rung,
      source: `${source.width}×${source.height}`,
      wallSeconds: run.wallSeconds,
      cpuSeconds: run.cpuSeconds,
      share: run.share,
      busy: run.busy,
      realTime: source.durationSeconds / run.wallSeconds,
    });
  }
  for (const source of sources) rmSync(source.file, { force: true });
  return {
    preset: PRESET,
    segmentSeconds: SEGMENT_SECONDS,
    rounds: ROUNDS,
    sourceRecipe: SOURCE_RECIPE,
    sources: sources.map(({ label, width, height, durationSeconds, audioTracks, fps, bytes }) => ({
      label,
      width,
      height,
      durationSeconds,
      fps,
      bytes,
      audioStreams: audioTracks.length,
      audioTracks,
    })),
    ladders,
    rungs,
  };
}

/** A short real video (so that the tus endpoint's ffprobe check accepts it) followed by random bytes up to `mib` MiB. */
async function makeUploadFile(ffmpeg, dir, mib) {
  const head = join(dir, 'upload-head.mkv');
  await runFfmpeg(ffmpeg, ['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=${FPS}:duration=1`, '-c:v', 'libx264', '-preset', 'ultrafast', head]);
  const file = join(dir, 'upload.mkv');
  const headBytes = readFileSync(head);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, headBytes);
    const chunk = Buffer.alloc(4 * MIB);
    for (let left = mib * MIB - headBytes.length; left > 0; left -= chunk.length) writeSync(fd, randomFillSync(chunk), 0, Math.min(left, chunk.length));
  } finally {
    closeSync(fd);
    rmSync(head, { force: true });
  }
  return file;
}

/** One HTTP request over a fresh loopback connection, the body streamed from `file` (its first `bytes`). */
function send({ port, method, path, headers = {}, file, bytes = 0 }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      { host: '127.0.0.1', port, method, path, agent: false, headers: { ...headers, 'content-length': String(bytes) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body, seconds: (performance.now() - started) / 1000 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (file && bytes > 0) {
      createReadStream(file, { start: 0, end: bytes - 1, highWaterMark: MIB })
        .on('error', reject)
        .pipe(request);
    } else request.end();
  });
}

/** Peak resident memory of a process while `work` runs: VmHWM reset before (clear_refs 5) and VmRSS sampled every 20 ms. */
async function peakRss(pid, work) {
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let sampled = statusMib(status(), 'VmRSS');
  const timer = setInterval(() => (sampled = Math.max(sampled, statusMib(status(), 'VmRSS') ?? 0)), 20);
  try {
    const result = await work();
    const text = status();
    const hwm = hwmReset ? statusMib(text, 'VmHWM') : null;
    return { result, peakRssMib: Math.max(sampled, statusMib(text, 'VmRSS'), hwm ?? 0), sampledPeakMib: sampled, hwmMib: hwm };
  } finally {
    clearInterval(timer);
  }
}

async function startUploadServer(name, script, env) {
  const port = await freePort();
  const proc = startProcess(name, script, { ...env, PORT: String(port) });
  await waitReady(proc, `http://127.0.0.1:${port}/`, 60_000);
  return { ...proc, port, pid: proc.child.pid };
}

async function benchUpload(dir, ffmpeg, ffprobe) {
  const mediaDir = join(dir, 'media');
  const plainDir = join(dir, 'plain-uploads');
  await mkdir(plainDir, { recursive: true });
  console.log(`[bench] upload file: ${UPLOAD_MIB} MiB (a 1 s video, then random bytes)…`);
  const file = await makeUploadFile(ffmpeg, dir, UPLOAD_MIB);
  const probeTime = await timed(() => probeVideo(ffprobe, file));
  if (!probeTime.result.ok) throw new Error(`the upload file does not pass the gateway's ffprobe check (${probeTime.result.reason})`);
  const servers = {
    tus: await startUploadServer('tus-upload', 'bench/lib/tus-upload-server.mjs', { MEDIA_DIR: mediaDir }),
    plain: await startUploadServer('upload-baseline', 'bench/lib/upload-baseline-server.mjs', { UPLOAD_DIR: plainDir }),
  };
  const incoming = join(mediaDir, 'episodes/incoming');
  let uploadNumber = 0;

  const upload = {
    async tus(bytes) {
      const server = servers.tus;
      const created = await send({
        port: server.port,
        method: 'POST',
        path: '/api/episode-uploads',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes),
          'upload-metadata': tusMetadata({ animeId: 20, number: 1, filename: 'bench.mkv' }),
        },
      });
      if (created.status !== 201 || !created.headers.location) throw new Error(`tus POST answered ${created.status}: ${created.body}`);
      const patched = await send({
        port: server.port,
        method: 'PATCH',
        path: created.headers.location,
        headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        file,
        bytes,
      });
      if (patched.status !== 204 || Number(patched.headers['upload-offset']) !== bytes)
        throw new Error(`tus PATCH answered ${patched.status} at offset ${patched.headers['upload-offset']}: ${patched.body}`);
      const id = created.headers.location.split('/').at(-1);
      if (statSync(join(incoming, id)).size !== bytes) throw new Error(`tus stored ${statSync(join(incoming, id)).size} bytes of ${bytes}`);
      await Promise.all([rm(join(incoming, id), { force: true }), rm(join(incoming, `${id}.json`), { force: true })]);
      return { seconds: patched.seconds, createSeconds: created.seconds };
    },
    async plain(bytes) {
      const name = `upload-${(uploadNumber += 1)}.bin`;
      const put = await send({
        port: servers.plain.port,
        method: 'PUT',
        path: `/upload/${name}`,
        headers: { 'content-type': 'application/octet-stream' },
        file,
        bytes,
      });
      if (put.status !== 204) throw new Error(`plain PUT answered ${put.status}: ${put.body}`);
      if (statSync(join(plainDir, name)).size !== bytes) throw new Error(`plain stored ${statSync(join(plainDir, name)).size} bytes of ${bytes}`);
      await rm(join(plainDir, name), { force: true });
      return { seconds: put.seconds };
    },
  };
  const measure = async (side, mib) => {
    const bytes = mib * MIB;
    const { pid } = servers[side];
    const serverCpuBefore = cpuWithReapedChildrenMs(pid);
    const clientCpuBefore = process.cpuUsage();
    const { result, peakRssMib, sampledPeakMib, hwmMib } = await peakRss(pid, () => upload[side](bytes));
    const clientCpu = process.cpuUsage(clientCpuBefore);
    // CPU seconds per GiB received: the server process and the children it waited for (tus: ffprobe).
    const serverCpuPerGiB = (cpuWithReapedChildrenMs(pid) - serverCpuBefore) / 1000 / (bytes / (1024 * MIB));
    const clientCpuPerGiB = (clientCpu.user + clientCpu.system) / 1e6 / (bytes / (1024 * MIB));
    const mbPerSecond = bytes / 1e6 / result.seconds;
    console.log(
      `[bench]   ${side} ${mib} MiB: ${round(mbPerSecond, 0)} MB/s, server ${round(serverCpuPerGiB, 2)} CPU s/GiB, peak RSS ${round(peakRssMib, 0)} MiB`,
    );
    return { ...result, mib, mbPerSecond, serverCpuPerGiB, clientCpuPerGiB, peakRssMib, sampledPeakMib, hwmMib };
  };

  console.log(`[bench] warm-up: ${WARMUP_MIB} MiB to each server…`);
  for (const side of ['tus', 'plain']) await upload[side](WARMUP_MIB * MIB);
  const idleRssMib = Object.fromEntries(['tus', 'plain'].map((side) => [side, statusMib(readFileSync(`/proc/${servers[side].pid}/status`, 'utf8'), 'VmRSS')]));
  const runs = [];
  for (const [mib, rounds] of [
    [SMALL_UPLOAD_MIB, 2],
    [UPLOAD_MIB, UPLOAD_RUNS],
  ]) {
    console.log(`[bench] ${rounds} uploads of ${mib} MiB to each server, in turn…`);
    for (const side of alternate(rounds, 'tus', 'plain')) runs.push({ side, ...(await measure(side, mib)) });
  }
  for (const server of Object.values(servers)) await server.stop();

  const of = (side, mib) => runs.filter((run) => run.side === side && run.mib === mib);
  const throughputOf = (side) => {
    const rates = of(side, UPLOAD_MIB).map((run) => run.mbPerSecond);
    const big = of(side, UPLOAD_MIB);
    return {
      median: median(rates),
      min: Math.min(...rates),
      max: Math.max(...rates),
      serverCpuPerGiB: median(big.map((run) => run.serverCpuPerGiB)),
      clientCpuPerGiB: median(big.map((run) => run.clientCpuPerGiB)),
    };
  };
  const throughput = { mib: UPLOAD_MIB, runs: UPLOAD_RUNS, tus: throughputOf('tus'), plain: throughputOf('plain') };
  throughput.ratio = throughput.tus.median / throughput.plain.median;
  const sizes = [SMALL_UPLOAD_MIB, UPLOAD_MIB].map((mib) => ({
    mib,
    ...Object.fromEntries(
      ['tus', 'plain'].map((side) => [
        side,
        {
          peakRssMib: Math.max(...of(side, mib).map((run) => run.peakRssMib)),
          lowestPeakRssMib: Math.min(...of(side, mib).map((run) => run.peakRssMib)),
          mbPerSecond: median(of(side, mib).map((run) => run.mbPerSecond)),
        },
      ]),
    ),
  }));
  return { file: { mib: UPLOAD_MIB }, ffprobeSeconds: probeTime.wallSeconds, idleRssMib, throughput, sizes, runs };
}

runBench(async () => {
  const loadAtStart = warnIfBusy();
  ensureApiBuilt();
  loadPipelineCode();
  const dir = mkdtempSync(join(tmpdir(), 'bench-transcode-'));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  // Runs before the folder's removal: an ffmpeg still running is killed first.
  atExit(() => stopping.abort());
  const ffmpeg = mediaTool('ffmpeg');
  const ffprobe = mediaTool('ffprobe');
  const started = new Date();
  const run = { machine: machine(), loadAtStart, ffmpeg: { path: ffmpeg.path, version: ffmpeg.version }, preset: PRESET };
  if (PARTS.has('transcode')) run.transcode = await benchTranscode(dir, ffmpeg, ffprobe);
  if (PARTS.has('upload')) run.upload = await benchUpload(dir, ffmpeg, ffprobe);
  run.seconds = (Date.now() - started.getTime()) / 1000;
  run.loadAtEnd = machine().loadAverage1m;

  if (run.transcode) {
    console.log('');
    printTable(
      ['source', 'rungs', 'pipeline s', 'plain s', 'pipeline ×rt', 'plain ×rt', 'pipeline/plain wall', 'pipeline/plain CPU'],
      run.transcode.ladders.map((ladder) => [
        ladder.source,
        ladder.rungs.join(','),
        ladder.pipeline.wallSeconds,
        ladder.plain.wallSeconds,
        round(ladder.pipeline.realTime, 3),
        round(ladder.plain.realTime, 3),
        round(ladder.wallRatio, 3),
        round(ladder.cpuRatio, 3),
      ]),
    );
  }
  const markdown = [
    `\`${commandLine()}\`, finished ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${Math.round(run.seconds)} s; ${run.machine.cpus} cores (${run.machine.cpuModel}), Node ${run.machine.node}, ffmpeg ${ffmpeg.version}; load average ${loadAtStart} at the start, ${run.loadAtEnd} at the end.`,
    '',
    markdownReport(run),
  ].join('\n');
  console.log(`\n${markdown}`);
  const jsonFile = saveArtifact('transcode', run);
  const markdownFile = join(ROOT, 'artifacts', 'bench', 'transcode.md');
  writeFileSync(markdownFile, `${markdown}\n`);
  console.log(`[bench] wrote ${jsonFile} and ${markdownFile}`);
});

/** The command that reproduces the run: the settings that differ from the defaults, then the npm script. */
function commandLine() {
  const names = [
    'BENCH_PARTS',
    'BENCH_SOURCE_SECONDS',
    'BENCH_TRANSCODE_ROUNDS',
    'BENCH_TRANSCODE_EXTRA_ROUNDS',
    'BENCH_UPLOAD_MIB',
    'BENCH_SMALL_UPLOAD_MIB',
    'BENCH_UPLOAD_RUNS',
    'EPISODE_TRANSCODE_PRESET',
  ];
  const set = names.filter((name) => process.env[name]).map((name) => `${name}=${process.env[name]}`);
  return [...set, 'npm run bench:transcode'].join(' ');
}

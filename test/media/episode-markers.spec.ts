import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Module } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { type EpisodeSpan, QueueName } from '@portal/contracts';
import { openDataSource } from '@portal/db';
import { bullPrefix, createRedisClient, REDIS_OPTIONS } from '@portal/messaging';
import { serviceMigrations } from '@portal/platform';
import { waitFor } from '@portal/testing';
import { CATALOGUE_LOGGER } from '../../apps/catalogue/src/catalogue.tokens';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../../apps/catalogue/src/episodes/episodes.settings';
import { MarkersDetectionService } from '../../apps/catalogue/src/episodes/markers/markers-detection.service';
import { EpisodeMarkersQueue, episodeMarkersJobId } from '../../apps/catalogue/src/episodes/markers/markers.queue';
import { EpisodeMarkersWorker } from '../../apps/catalogue/src/episodes/markers/markers.worker';
import { type EpisodeSourceRow, EpisodeSourcesRepository } from '../../apps/catalogue/src/episodes/uploads/episode-sources.repository';
import { EpisodeTranscodeWorker } from '../../apps/catalogue/src/episodes/uploads/episode-transcode.worker';
import { CATALOGUE_MIGRATIONS } from '../../apps/catalogue/src/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { mediaTool, tempMediaDir } from './media-test-kit';

const run = promisify(execFile);
/** A Redis key prefix of the spec's own (auth-test-kit's ownRedisPrefix, without loading the gateway). */
const ownKeyPrefix = (name: string) => `${process.env.REDIS_KEY_PREFIX}${name}${Date.now().toString(36)}${randomInt(0, 1e6)}:`;

/** The episodes' sound (a sample rate of fansub releases is 48 kHz; this one is cheaper to make and decodes the same way). */
const RATE = 22050;
const OPENING_SECONDS = 22;
const ENDING_SECONDS = 20;

/** An episode of the synthetic season: where its opening and ending tunes are (null: it has none). */
interface SeasonEpisode {
  number: number;
  seconds: number;
  opening: number | null;
  ending: number | null;
}

/**
 * Four episodes that share an opening tune at 0, 5 and 30 s (the fourth has none) and an ending tune
 * in their last seconds (episode 2 has a 4 s scene after it). Long enough for the opening at 30 s to
 * lie in the first third, which is what is fingerprinted. Durations are not whole numbers of points,
 * so the tails' tunes fall between points.
 */
const SEASON: SeasonEpisode[] = [
  { number: 1, seconds: 168, opening: 0, ending: 148 },
  { number: 2, seconds: 171.5, opening: 5, ending: 147.5 },
  { number: 3, seconds: 166.3, opening: 30, ending: 146.3 },
  { number: 4, seconds: 170.2, opening: null, ending: null },
];

/** A melody for aevalsrc: plucked notes of `noteSeconds` with two overtones, pitches from a hash of the note's index. */
function melody(seed: number, baseHz: number, noteSeconds: number): string {
  const note = `floor(t/${noteSeconds})`;
  const hash = `(sin(${note}*${(12.9898 + seed * 7.233).toFixed(4)}+${seed})*43758.5453)`;
  const frequency = `(${baseHz}*pow(2,floor((${hash}-floor(${hash}))*19)/12))`;
  const decay = `exp(-2*(t/${noteSeconds}-${note}))`;
  return `0.5*${decay}*(sin(2*PI*${frequency}*t)+0.5*sin(4*PI*${frequency}*t)+0.3*sin(6*PI*${frequency}*t))`;
}

/**
 * The episode as an MKV with a small picture: its own sound (a tone of its own and pink noise with its
 * own seed, louder and quieter like speech), the tunes where they are, the noise faint under them.
 */
function episodeArgs(episode: SeasonEpisode, tunes: string, out: string): string[] {
  const { number, seconds } = episode;
  const inputs = [
    ...['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=5:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${300 + 110 * number}:sample_rate=${RATE}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:seed=${number}:r=${RATE}:a=0.5:d=${seconds}`],
  ];
  const inTune: string[] = [];
  const mixed = ['[own]', '[noise]'];
  let filters = '';
  const tune = (file: string, at: number, length: number, label: string) => {
    const input = inputs.filter((arg) => arg === '-i').length;
    inputs.push('-i', join(tunes, file));
    filters += `[${input}:a]aresample=${RATE},adelay=${Math.round(at * 1000)}[${label}];`;
    mixed.push(`[${label}]`);
    inTune.push(`between(t,${at},${at + length})`);
  };
  if (episode.opening !== null) tune('opening.wav', episode.opening, OPENING_SECONDS, 'opening');
  if (episode.ending !== null) tune('ending.wav', episode.ending, ENDING_SECONDS, 'ending');
  const during = inTune.length > 0 ? `gte(${inTune.join('+')},1)` : '0';
  filters += `[1:a]volume=volume='if(${during},0,0.2+0.2*sin(2*PI*t*${0.5 + 0.13 * number}))':eval=frame[own];`;
  filters += `[2:a]volume=volume='if(${during},0.05,0.3+0.3*sin(2*PI*t*${1.3 + 0.21 * number}))':eval=frame[noise];`;
  filters += `${mixed.join('')}amix=inputs=${mixed.length}:duration=first,volume=${mixed.length}[audio]`;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', filters, '-map', '0:v', '-map', '[audio]'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k', out],
  ];
}

/** Runs the commands two at a time (the machine's two cores). */
async function inPairs(commands: string[][]): Promise<void> {
  const ffmpeg = mediaTool('ffmpeg');
  const env = { ...process.env, ...ffmpeg.env };
  for (let index = 0; index < commands.length; index += 2)
    await Promise.all(commands.slice(index, index + 2).map((args) => run(ffmpeg.path, args, { env, maxBuffer: 1024 * 1024 })));
}

/**
 * Openings and endings found by ear (docs/media.md, «Openings and endings found by ear»): a synthetic
 * season on real PostgreSQL (the catalogue's migrations), Redis and the repository's ffmpeg.
 */
describe('episode markers found by ear', () => {
  const ANIME_ID = 16498;
  const media = tempMediaDir();
  const uploads = join(media.dir, 'uploads');
  const settings: EpisodesSettings = { mediaDir: media.dir, linkOnBoot: false, provider: { kind: 'none' }, transcodePreset: 'ultrafast' };
  const redisUrl = process.env.REDIS_URL as string;
  const keyPrefix = ownKeyPrefix('epmk');
  let db: ScratchDatabase;
  let dataSource: DataSource;
  let context: INestApplicationContext;
  let sources: EpisodeSourcesRepository;
  let detection: MarkersDetectionService;
  const connection = createRedisClient(redisUrl, { maxRetriesPerRequest: 1 });
  const queue = new Queue(QueueName.CatalogueEpisodeMarkers, { connection, prefix: bullPrefix(keyPrefix) });

  /** A source of episode `number` of `animeId` whose file is `uploads/<file>`, transcoded (ready, its episode an unpublished upload). */
  async function readyEpisode(animeId: number, number: number, file: string, seconds: number): Promise<EpisodeSourceRow> {
    const source = await queuedSource(animeId, number, file, seconds);
    const started = await sources.startTranscode(source.id, 1);
    const hlsPath = `episodes/${animeId}/${number}/${source.id}-a1/master.m3u8`;
    expect(await sources.finish(started!, { hlsPath, hlsUrl: `/media/${hlsPath}`, qualities: [360], durationSeconds: seconds })).toBe(true);
    return source;
  }

  async function queuedSource(animeId: number, number: number, file: string, seconds: number): Promise<EpisodeSourceRow> {
    const path = join(uploads, file);
    const source = await sources.insertSource({
      id: randomUUID(),
      animeId,
      number,
      fileName: file,
      uploadKey: `uploads/${file}`,
      sizeBytes: (() => {
        try {
          return statSync(path).size;
        } catch {
          return 1;
        }
      })(),
      probe: { durationSeconds: seconds, width: 160, height: 90, videoCodec: 'h264', audioTracks: [{ index: 0, language: 'jpn', title: null, codec: 'aac' }] },
      createdBy: randomUUID(),
    });
    if (!source) throw new Error(`episode ${number} is taken`);
    return source;
  }

  const episodeRow = async (animeId: number, number: number) =>
    (await db.query('SELECT * FROM catalogue.episodes WHERE anime_id = $1 AND number = $2', [animeId, number]))[0];
  const markersOf = async (animeId: number) =>
    (await sources.listEpisodes(animeId)).map(({ number, markers_origin, ...row }) => ({ number, markers_origin, row }));

  /** Each detected edge's error in seconds against the season's truth. */
  async function errorsOf(): Promise<Array<{ number: number; opening: [number, number] | null; ending: [number, number] | null }>> {
    const episodes = await sources.listEpisodes(ANIME_ID);
    return SEASON.map((truth) => {
      const row = episodes.find((episode) => episode.number === truth.number)!;
      const error = (start: number | null, end: number | null, at: number | null, length: number): [number, number] | null =>
        start === null || end === null || at === null ? null : [Math.round((start - at) * 1000) / 1000, Math.round((end - (at + length)) * 1000) / 1000];
      return {
        number: truth.number,
        opening: error(row.opening_start, row.opening_end, truth.opening, OPENING_SECONDS),
        ending: error(row.ending_start, row.ending_end, truth.ending, ENDING_SECONDS),
      };
    });
  }

  beforeAll(async () => {
    mkdirSync(uploads);
    const tunes = join(media.dir, 'tunes');
    mkdirSync(tunes);
    await inPairs([
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `aevalsrc=exprs='${melody(1, 220, 0.25)}':s=11025:d=${OPENING_SECONDS}`,
        join(tunes, 'opening.wav'),
      ],
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `aevalsrc=exprs='${melody(2, 330, 0.2)}':s=11025:d=${ENDING_SECONDS}`,
        join(tunes, 'ending.wav'),
      ],
    ]);
    await inPairs([
      ...SEASON.map((episode) => episodeArgs(episode, tunes, join(uploads, `episode-${episode.number}.mkv`))),
      // A short episode for the transcode worker.
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=5:duration=2'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
        join(uploads, 'short.mkv'),
      ],
    ]);
    writeFileSync(join(uploads, 'not-a-video.mkv'), 'Это текстовый файл, а не видео.\n'.repeat(50));

    db = await createScratchDatabase();
    dataSource = await openDataSource(
      { url: db.url, schema: 'catalogue', entities: [], migrations: serviceMigrations('catalogue', CATALOGUE_MIGRATIONS) },
      true,
    );
    @Module({
      providers: [
        { provide: getDataSourceToken(), useValue: dataSource },
        EpisodeSourcesRepository,
        { provide: EPISODES_SETTINGS, useValue: settings },
        { provide: REDIS_OPTIONS, useValue: { url: redisUrl, keyPrefix } },
        { provide: CATALOGUE_LOGGER, useValue: pino({ level: 'silent' }) },
        EpisodeMarkersQueue,
        MarkersDetectionService,
        EpisodeMarkersWorker,
        EpisodeTranscodeWorker,
      ],
    })
    class MarkersTestModule {}
    context = await NestFactory.createApplicationContext(MarkersTestModule, { logger: false });
    sources = context.get(EpisodeSourcesRepository);
    detection = context.get(MarkersDetectionService);
    for (const episode of SEASON) await readyEpisode(ANIME_ID, episode.number, `episode-${episode.number}.mkv`, episode.seconds);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await queue.close();
    await connection.quit();
    await dataSource?.destroy();
    await db?.drop();
    media.remove();
  });

  it('finds each episode’s opening and ending within a second, and none where the episode has none', async () => {
    const result = await detection.detect(ANIME_ID);

    expect(result).toMatchObject({ result: 'detected', compared: [1, 2, 3, 4], written: [1, 2, 3] });
    const errors = await errorsOf();
    for (const { number, opening, ending } of errors.slice(0, 3)) {
      expect({ number, opening: opening!.map((error) => Math.abs(error) <= 1), ending: ending!.map((error) => Math.abs(error) <= 1) }).toEqual({
        number,
        opening: [true, true],
        ending: [true, true],
      });
    }
    expect(errors[3]).toEqual({ number: 4, opening: null, ending: null });
    const origins = (await markersOf(ANIME_ID)).map(({ number, markers_origin }) => [number, markers_origin]);
    expect(origins).toEqual([
      [1, 'detected'],
      [2, 'detected'],
      [3, 'detected'],
      [4, null],
    ]);
  });

  it('leaves an episode whose markers were corrected by hand exactly as it was', async () => {
    const correction: { opening: EpisodeSpan; ending: EpisodeSpan | null } = { opening: { start: 31, end: 50 }, ending: null };
    expect(await sources.setMarkers(ANIME_ID, 3, correction.opening, correction.ending)).toMatchObject({ markers_origin: 'manual' });
    const before = await episodeRow(ANIME_ID, 3);
    const others = await Promise.all([1, 2].map((number) => episodeRow(ANIME_ID, number)));

    const result = await detection.detect(ANIME_ID);

    expect(result).toMatchObject({ result: 'detected', compared: [1, 2, 3, 4], written: [1, 2] });
    expect(await episodeRow(ANIME_ID, 3)).toEqual(before);
    expect(before).toMatchObject({ opening_start: '31.000', opening_end: '50.000', ending_start: null, ending_end: null, markers_origin: 'manual' });
    // The others are found again as before (the corrected episode still counts as a match for them).
    const again = await Promise.all([1, 2].map((number) => episodeRow(ANIME_ID, number)));
    expect(again.map(({ opening_start, opening_end, ending_start, ending_end }) => ({ opening_start, opening_end, ending_start, ending_end }))).toEqual(
      others.map(({ opening_start, opening_end, ending_start, ending_end }) => ({ opening_start, opening_end, ending_start, ending_end })),
    );
  });

  it('leaves out a file it cannot read (gone, or no sound in it) and compares the rest', async () => {
    const animeId = 20;
    await readyEpisode(animeId, 1, 'episode-1.mkv', 168);
    await readyEpisode(animeId, 2, 'gone.mkv', 150);
    await readyEpisode(animeId, 3, 'not-a-video.mkv', 150);
    await readyEpisode(animeId, 4, 'episode-2.mkv', 171.5);

    const result = await detection.detect(animeId);

    expect(result).toMatchObject({ result: 'detected', compared: [1, 4], written: [1, 4] });
    const rows = await markersOf(animeId);
    expect(rows.map(({ number, markers_origin }) => [number, markers_origin])).toEqual([
      [1, 'detected'],
      [2, null],
      [3, null],
      [4, 'detected'],
    ]);
  });

  it('does nothing for a title with one episode', async () => {
    const animeId = 1535;
    await readyEpisode(animeId, 1, 'episode-1.mkv', 168);

    await expect(detection.detect(animeId)).resolves.toMatchObject({ result: 'skipped' });
    expect((await markersOf(animeId))[0]).toMatchObject({ markers_origin: null, row: { opening_start: null, ending_start: null } });
  });

  it('queues the title’s detection when the transcode worker finishes an episode, once while it waits', async () => {
    const animeId = 21;
    const transcodes = context.get(EpisodeTranscodeWorker);
    const first = await queuedSource(animeId, 1, 'short.mkv', 2);
    const second = await queuedSource(animeId, 2, 'short.mkv', 2);

    await expect(transcodes.process({ sourceId: first.id, attempt: 1 })).resolves.toMatchObject({ result: 'transcoded' });
    await expect(transcodes.process({ sourceId: second.id, attempt: 1 })).resolves.toMatchObject({ result: 'transcoded' });

    const job = await queue.getJob(episodeMarkersJobId(animeId));
    expect(job?.data).toEqual({ animeId });
    expect(await job?.getState()).toBe('delayed');
    expect(job?.opts.delay).toBe(15_000);
    expect(await queue.getDelayedCount()).toBe(1);
    await job?.remove();
  });

  it('runs a queued detection in the worker, and the job is gone once done', async () => {
    await db.query(
      `UPDATE catalogue.episodes SET opening_start = NULL, opening_end = NULL, ending_start = NULL, ending_end = NULL, markers_origin = NULL
       WHERE anime_id = $1 AND number <> 3`,
      [ANIME_ID],
    );

    const jobId = await context.get(EpisodeMarkersQueue).enqueue(ANIME_ID, 0);

    const detected = await waitFor(async () => {
      const rows = await markersOf(ANIME_ID);
      return rows.filter((row) => row.markers_origin === 'detected').length === 2 ? rows : null;
    }, 30_000);
    expect(detected.map(({ number, markers_origin }) => [number, markers_origin])).toEqual([
      [1, 'detected'],
      [2, 'detected'],
      [3, 'manual'],
      [4, null],
    ]);
    expect(await waitFor(async () => ((await queue.getJobState(jobId)) === 'unknown' ? 'removed' : null))).toBe('removed');
    // Removed once done: the next episode's transcode queues the title again.
    await context.get(EpisodeMarkersQueue).enqueue(ANIME_ID);
    expect(await queue.getJobState(jobId)).toBe('delayed');
    await queue.remove(jobId);
  });
});

import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, UnrecoverableError } from 'bullmq';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import { QueueName, type SourceAudioTrack } from '@portal/contracts';
import { openDataSource } from '@portal/db';
import { bullPrefix, createRedisClient, REDIS_OPTIONS } from '@portal/messaging';
import { serviceMigrations } from '@portal/platform';
import { waitFor } from '@portal/testing';
import { CATALOGUE_LOGGER } from '../../apps/catalogue/src/catalogue.tokens';
import { EpisodesRepository } from '../../apps/catalogue/src/episodes/episodes.repository';
import { EPISODES_SETTINGS, type EpisodesSettings } from '../../apps/catalogue/src/episodes/episodes.settings';
import { EpisodesQueryService } from '../../apps/catalogue/src/episodes/services/episodes-query.service';
import { type EpisodeSourceRow, EpisodeSourcesRepository } from '../../apps/catalogue/src/episodes/uploads/episode-sources.repository';
import { EpisodeTranscodeQueue } from '../../apps/catalogue/src/episodes/uploads/episode-transcode.queue';
import { EpisodeTranscodeWorker, TranscodeInterruptedError } from '../../apps/catalogue/src/episodes/uploads/episode-transcode.worker';
import { thumbnailArgs } from '../../apps/catalogue/src/episodes/uploads/seek-thumbnails';
import { CATALOGUE_MIGRATIONS } from '../../apps/catalogue/src/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { startGateway } from '../support/test-apps';
import { ffprobe, mediaTool, runMediaTool, tempMediaDir } from './media-test-kit';

// The seek thumbnails' ffmpeg arguments as they are, unless a test makes them fail.
jest.mock('../../apps/catalogue/src/episodes/uploads/seek-thumbnails', () => {
  const actual = jest.requireActual('../../apps/catalogue/src/episodes/uploads/seek-thumbnails');
  return { ...actual, thumbnailArgs: jest.fn(actual.thumbnailArgs) };
});
const realThumbnailArgs: typeof thumbnailArgs = jest.requireActual('../../apps/catalogue/src/episodes/uploads/seek-thumbnails').thumbnailArgs;

/** A Redis key prefix of the spec's own (auth-test-kit's ownRedisPrefix, without loading the gateway). */
const ownKeyPrefix = (name: string) => `${process.env.REDIS_KEY_PREFIX}${name}${Date.now().toString(36)}${randomInt(0, 1e6)}:`;

/**
 * The worker that turns an uploaded episode into an HLS ladder (docs/media.md, «Uploading episodes»),
 * run on real PostgreSQL (the catalogue's migrations), Redis and the repository's ffmpeg.
 */
describe('episode transcode worker', () => {
  const ANIME_ID = 20;
  const media = tempMediaDir();
  const uploads = join(media.dir, 'uploads');
  let db: ScratchDatabase;
  let dataSource: DataSource;
  let context: INestApplicationContext;
  let worker: EpisodeTranscodeWorker;
  let sources: EpisodeSourcesRepository;
  const settings: EpisodesSettings = { mediaDir: media.dir, linkOnBoot: false, provider: { kind: 'none' }, transcodePreset: 'ultrafast' };
  const redisUrl = process.env.REDIS_URL as string;
  const bilingual: SourceAudioTrack[] = [
    { index: 0, language: 'jpn', title: 'Оригинал', codec: 'aac' },
    { index: 1, language: 'rus', title: 'AniLibria', codec: 'aac' },
  ];

  /** A catalogue context with only the worker and what it needs (its BullMQ worker listens under `keyPrefix`). */
  async function startWorkerContext(keyPrefix: string): Promise<INestApplicationContext> {
    @Module({
      providers: [
        { provide: getDataSourceToken(), useValue: dataSource },
        EpisodeSourcesRepository,
        { provide: EPISODES_SETTINGS, useValue: settings },
        { provide: REDIS_OPTIONS, useValue: { url: redisUrl, keyPrefix } },
        { provide: CATALOGUE_LOGGER, useValue: pino({ level: 'silent' }) },
        EpisodeTranscodeWorker,
      ],
    })
    class TranscodeTestModule {}
    return NestFactory.createApplicationContext(TranscodeTestModule, { logger: false });
  }

  const episodeFolder = (number: number) => join(media.dir, 'episodes', String(ANIME_ID), String(number));
  const entriesOf = (number: number) => (existsSync(episodeFolder(number)) ? readdirSync(episodeFolder(number)).sort() : []);

  /** A queued source of episode `number` whose file is `uploads/<file>`. */
  async function queuedSource(
    number: number,
    file: string,
    probe: { durationSeconds: number; width: number; height: number; audioTracks: SourceAudioTrack[] },
  ): Promise<EpisodeSourceRow> {
    const source = await sources.insertSource({
      id: randomUUID(),
      animeId: ANIME_ID,
      number,
      fileName: file,
      uploadKey: `uploads/${file}`,
      sizeBytes: existsSync(join(uploads, file)) ? statSync(join(uploads, file)).size : 1,
      probe: { ...probe, videoCodec: 'h264' },
      createdBy: randomUUID(),
    });
    if (!source) throw new Error(`episode ${number} is taken`);
    return source;
  }
  const episodeSource = (number: number) => queuedSource(number, 'episode.mkv', { durationSeconds: 4, width: 1280, height: 720, audioTracks: bilingual });
  const longSource = (number: number) =>
    queuedSource(number, 'long.mkv', { durationSeconds: 20, width: 320, height: 240, audioTracks: [{ index: 0, language: null, title: null, codec: 'aac' }] });

  /** The cues of a WebVTT track: times in seconds and the text (a sprite region here). */
  const vttCues = (text: string) => {
    const seconds = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number.parseFloat(part), 0);
    const [header, ...blocks] = text.trim().split(/\n\n+/);
    expect(header).toBe('WEBVTT');
    return blocks.map((block) => {
      const [times, payload] = block.split('\n');
      const [start, end] = times.split(' --> ').map(seconds);
      return { start, end, payload };
    });
  };

  const playlistSegments = (path: string) => {
    const lines = readFileSync(path, 'utf8').split('\n');
    return lines.flatMap((line, index) => (line.startsWith('#EXTINF:') ? [{ duration: Number.parseFloat(line.slice(8)), uri: lines[index + 1] }] : []));
  };

  beforeAll(async () => {
    mkdirSync(uploads);
    const ffmpeg = mediaTool('ffmpeg');
    const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'];
    // 4 s of 720p with two tagged audio streams, as a fansub release would carry them.
    runMediaTool(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=4'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', ...encode],
      ...['-metadata:s:a:0', 'language=jpn', '-metadata:s:a:0', 'title=Оригинал', '-metadata:s:a:1', 'language=rus', '-metadata:s:a:1', 'title=AniLibria'],
      join(uploads, 'episode.mkv'),
    ]);
    // 20 s of 240p (one rung): still being transcoded when it is cancelled or the worker stops.
    runMediaTool(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=20', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
      ...['-map', '0:v', '-map', '1:a', ...encode],
      join(uploads, 'long.mkv'),
    ]);
    writeFileSync(join(uploads, 'not-a-video.mkv'), 'Это текстовый файл, а не видео.\n'.repeat(50));

    db = await createScratchDatabase();
    dataSource = await openDataSource(
      { url: db.url, schema: 'catalogue', entities: [], migrations: serviceMigrations('catalogue', CATALOGUE_MIGRATIONS) },
      true,
    );
    context = await startWorkerContext(ownKeyPrefix('eptx'));
    worker = context.get(EpisodeTranscodeWorker);
    sources = context.get(EpisodeSourcesRepository);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await dataSource?.destroy();
    await db?.drop();
    media.remove();
  });

  afterEach(() => jest.restoreAllMocks());

  it('transcodes a source into 360/480/720 with the default audio muxed in and a rendition per other audio stream, and links it as an unpublished upload', async () => {
    const source = await episodeSource(1);
    const reports = jest.spyOn(sources, 'reportProgress');

    const result = await worker.process({ sourceId: source.id, attempt: 1 });

    const hlsPath = `episodes/${ANIME_ID}/1/${source.id}-a1/master.m3u8`;
    expect(result).toEqual({ result: 'transcoded', hlsPath, qualities: [360, 480, 720] });
    expect(entriesOf(1)).toEqual([`${source.id}-a1`]);
    const rendition = join(media.dir, `episodes/${ANIME_ID}/1/${source.id}-a1`);
    expect(readdirSync(rendition).sort()).toEqual(expect.arrayContaining(['audio-1', 'master.m3u8', 'thumbnails', 'v360', 'v480', 'v720']));

    const master = readFileSync(join(rendition, 'master.m3u8'), 'utf8').trim().split('\n');
    expect(master.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS']);
    const audioLines = master.filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(audioLines).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Оригинал",LANGUAGE="ja",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="AniLibria",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio-1/index.m3u8"',
    ]);
    const variants = master.flatMap((line, index) => (line.startsWith('#EXT-X-STREAM-INF:') ? [{ line, uri: master[index + 1] }] : []));
    expect(variants.map((variant) => variant.uri)).toEqual(['v360/index.m3u8', 'v480/index.m3u8', 'v720/index.m3u8']);
    variants.forEach((variant, index) => {
      const [width, height] = [
        [640, 360],
        [854, 480],
        [1280, 720],
      ][index];
      expect(variant.line).toMatch(
        new RegExp(
          `^#EXT-X-STREAM-INF:BANDWIDTH=\\d+,AVERAGE-BANDWIDTH=\\d+,RESOLUTION=${width}x${height},CODECS="avc1\\.[0-9a-f]{6},mp4a\\.40\\.2",AUDIO="audio"$`,
        ),
      );
      const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(variant.line)?.[1]);
      const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(variant.line)?.[1]);
      expect(average).toBeGreaterThan(0);
      expect(bandwidth).toBeGreaterThanOrEqual(average);
    });

    for (const folder of ['v360', 'v480', 'v720', 'audio-1']) {
      const segments = playlistSegments(join(rendition, folder, 'index.m3u8'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) {
        expect(existsSync(join(rendition, folder, segment.uri))).toBe(true);
        expect(segment.duration).toBeLessThanOrEqual(4.1);
      }
    }
    const firstSegment = playlistSegments(join(rendition, 'v720/index.m3u8'))[0].uri;
    // The default voice-over is in every rung, so a player without alternate audio still has sound.
    const [video, ...others] = ffprobe(join(rendition, 'v720', firstSegment));
    expect(others).toEqual([{ codec_type: 'audio', codec_name: 'aac', profile: 'LC' }]);
    expect(video).toMatchObject({ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 });
    // CODECS names the profile the encoder used (x264's ultrafast makes Constrained Baseline under the High ceiling).
    const profileIdc = /CODECS="avc1\.([0-9a-f]{2})/.exec(variants[2].line)?.[1];
    expect({ '42': ['Baseline', 'Constrained Baseline'], '4d': ['Main'], '64': ['High'] }[profileIdc ?? '']).toContain(video.profile);
    expect(ffprobe(join(rendition, 'audio-1', playlistSegments(join(rendition, 'audio-1/index.m3u8'))[0].uri))).toEqual([
      { codec_type: 'audio', codec_name: 'aac', profile: 'LC' },
    ]);

    expect(await sources.findSource(source.id)).toMatchObject({
      state: 'ready',
      progress: 100,
      eta_seconds: null,
      error: null,
      hls_path: hlsPath,
      qualities: [360, 480, 720],
    });
    expect(
      await db.query('SELECT origin, published, hls_url, qualities, source_id FROM catalogue.episodes WHERE anime_id = $1 AND number = 1', [ANIME_ID]),
    ).toEqual([{ origin: 'upload', published: false, hls_url: `/media/${hlsPath}`, qualities: [360, 480, 720], source_id: source.id }]);

    // Seek thumbnails: a track of cues from 0 to the duration without gaps, each naming a region of a 160-pixel-wide JPEG sprite.
    const thumbnailsPath = `episodes/${ANIME_ID}/1/${source.id}-a1/thumbnails/thumbnails.vtt`;
    expect(readdirSync(join(rendition, 'thumbnails')).sort()).toEqual(['sprite-1.jpg', 'thumbnails.vtt']);
    const cues = vttCues(readFileSync(join(media.dir, thumbnailsPath), 'utf8'));
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [0, 2],
      [2, 4],
    ]);
    const regions = cues.map((cue) => {
      const match = /^(sprite-\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(cue.payload);
      expect(match).not.toBeNull();
      const [, sprite, x, y, w, h] = match as RegExpExecArray;
      return { sprite, x: Number(x), y: Number(y), w: Number(w), h: Number(h) };
    });
    // 1280×720 → 160×90 thumbnails, side by side in one row.
    expect(regions).toEqual([
      { sprite: 'sprite-1.jpg', x: 0, y: 0, w: 160, h: 90 },
      { sprite: 'sprite-1.jpg', x: 160, y: 0, w: 160, h: 90 },
    ]);
    for (const sprite of new Set(regions.map((region) => region.sprite))) {
      const [picture] = ffprobe(join(rendition, 'thumbnails', sprite));
      expect(picture.codec_name).toBe('mjpeg');
      const inSprite = regions.filter((region) => region.sprite === sprite);
      expect(picture.width).toBeLessThanOrEqual(10 * 160);
      expect(picture.height).toBeLessThanOrEqual(10 * 90);
      for (const region of inSprite) {
        expect(region.x + region.w).toBeLessThanOrEqual(picture.width as number);
        expect(region.y + region.h).toBeLessThanOrEqual(picture.height as number);
      }
    }
    expect((await db.query('SELECT thumbnails_path FROM catalogue.episodes WHERE anime_id = $1 AND number = 1', [ANIME_ID]))[0]).toEqual({
      thumbnails_path: thumbnailsPath,
    });

    expect(reports).toHaveBeenCalled();
    const percents = reports.mock.calls.map(([id, attempt, percent]) => {
      expect([id, attempt]).toEqual([source.id, 1]);
      return percent;
    });
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.every((percent) => percent >= 0 && percent <= 100)).toBe(true);
  });

  it('answers the seek thumbnails’ URL in the viewers’ list once published, and the gateway serves the track and its sprites', async () => {
    const source = await episodeSource(12);
    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toMatchObject({ result: 'transcoded' });
    const hlsPath = `episodes/${ANIME_ID}/12/${source.id}-a1/master.m3u8`;
    const thumbnailsPath = `episodes/${ANIME_ID}/12/${source.id}-a1/thumbnails/thumbnails.vtt`;
    await db.query(`INSERT INTO catalogue.anime (id, title, title_romaji) VALUES ($1, 'Наруто', 'Naruto') ON CONFLICT (id) DO NOTHING`, [ANIME_ID]);
    const episodes = new EpisodesQueryService(new EpisodesRepository(dataSource), settings);
    // Unpublished: not in the list.
    expect((await episodes.list(ANIME_ID)).episodes.filter((episode) => episode.number === 12)).toEqual([]);

    expect(await sources.setPublished(ANIME_ID, 12, true, async () => undefined)).toMatchObject({ published: true });

    const listed = (await episodes.list(ANIME_ID)).episodes.find((episode) => episode.number === 12);
    expect(listed?.source).toEqual({ kind: 'hls', url: `/media/${hlsPath}`, qualities: [360, 480, 720], thumbnails: `/media/${thumbnailsPath}` });
    const thumbnailsUrl = (listed?.source as { thumbnails: string }).thumbnails;
    const gateway = await startGateway({ MEDIA_DIR: media.dir });
    try {
      const track = await fetch(new URL(thumbnailsUrl, gateway.url));
      expect(track.status).toBe(200);
      expect(track.headers.get('content-type')).toMatch(/^text\/vtt/);
      const text = await track.text();
      expect(text).toBe(readFileSync(join(media.dir, thumbnailsPath), 'utf8'));
      // Each sprite the track names, relative to the track, as a player resolves it.
      for (const cue of vttCues(text)) {
        const sprite = await fetch(new URL(cue.payload.split('#')[0], track.url));
        expect([cue.payload, sprite.status, sprite.headers.get('content-type')]).toEqual([cue.payload, 200, 'image/jpeg']);
      }
    } finally {
      await gateway.close();
    }
  });

  it('makes the episode without seek thumbnails when they cannot be made', async () => {
    const source = await episodeSource(10);
    // ffmpeg refuses the thumbnails' filters (as it would a rung it cannot decode).
    jest.mocked(thumbnailArgs).mockImplementationOnce((input) => realThumbnailArgs(input).map((arg) => (arg.startsWith('fps=') ? 'no_such_filter' : arg)));

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toMatchObject({ result: 'transcoded', qualities: [360, 480, 720] });

    const rendition = join(episodeFolder(10), `${source.id}-a1`);
    expect(existsSync(join(rendition, 'master.m3u8'))).toBe(true);
    expect(existsSync(join(rendition, 'thumbnails'))).toBe(false);
    expect(await sources.findSource(source.id)).toMatchObject({ state: 'ready', progress: 100, error: null });
    expect(await db.query('SELECT thumbnails_path FROM catalogue.episodes WHERE anime_id = $1 AND number = 10', [ANIME_ID])).toEqual([
      { thumbnails_path: null },
    ]);
  });

  it('stops at a cancel that comes while the seek thumbnails are made, leaving no folder behind', async () => {
    const source = await episodeSource(11);
    const report = sources.reportProgress.bind(sources);
    const reported: number[] = [];
    // The ladder fills the bar up to 95 %: a report above it comes from the thumbnails' pass.
    jest.spyOn(sources, 'reportProgress').mockImplementation(async (id, attempt, percent, eta) => {
      reported.push(percent);
      if (percent > 95 && reported.filter((value) => value > 95).length === 1) expect(await sources.cancel(id)).not.toBeNull();
      return report(id, attempt, percent, eta);
    });

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toEqual({ result: 'skipped', reason: 'cancelled' });

    expect(reported.some((percent) => percent > 95)).toBe(true);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(entriesOf(11)).toEqual([]);
    expect(await sources.findSource(source.id)).toMatchObject({ state: 'cancelled', hls_path: null });
    expect(await db.query('SELECT 1 FROM catalogue.episodes WHERE anime_id = $1 AND number = 11', [ANIME_ID])).toEqual([]);
  });

  it('stops ffmpeg when the source is cancelled while it runs, leaving no folder behind', async () => {
    const source = await longSource(2);
    const reported: number[] = [];
    const report = sources.reportProgress.bind(sources);
    // The uploader cancels as the first progress report goes out: the report itself finds the source stopped.
    jest.spyOn(sources, 'reportProgress').mockImplementation(async (id, attempt, percent, eta) => {
      reported.push(percent);
      if (reported.length === 1) expect(await sources.cancel(id)).not.toBeNull();
      return report(id, attempt, percent, eta);
    });

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toEqual({ result: 'skipped', reason: 'cancelled' });

    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeLessThan(100);
    expect(entriesOf(2)).toEqual([]);
    expect(await sources.findSource(source.id)).toMatchObject({ state: 'cancelled', hls_path: null });
    expect(await db.query('SELECT 1 FROM catalogue.episodes WHERE anime_id = $1 AND number = 2', [ANIME_ID])).toEqual([]);
    // A job of the cancelled attempt taken again later does nothing.
    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toEqual({ result: 'skipped', reason: 'cancelled' });
  });

  it('takes over a killed worker’s attempt: its scratch folder goes, exactly one rendition is made', async () => {
    const source = await episodeSource(3);
    // The dead worker had started the attempt and written part of its scratch folder.
    expect(await sources.startTranscode(source.id, 1)).toMatchObject({ state: 'transcoding' });
    const stale = join(episodeFolder(3), `.${source.id}-a1-dead`);
    mkdirSync(join(stale, 'v720'), { recursive: true });
    writeFileSync(join(stale, 'v720', 'seg-00000.ts'), 'half a segment');

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toMatchObject({ result: 'transcoded', qualities: [360, 480, 720] });

    expect(entriesOf(3)).toEqual([`${source.id}-a1`]);
    expect(existsSync(join(episodeFolder(3), `${source.id}-a1`, 'master.m3u8'))).toBe(true);
    expect(await sources.findSource(source.id)).toMatchObject({ state: 'ready' });
  });

  it('runs one of two concurrent runs of the same attempt; the other finds it done', async () => {
    const source = await episodeSource(4);

    const results = await Promise.all([worker.process({ sourceId: source.id, attempt: 1 }), worker.process({ sourceId: source.id, attempt: 1 })]);

    expect(results.map((result) => result.result).sort()).toEqual(['skipped', 'transcoded']);
    expect(results.find((result) => result.result === 'skipped')).toEqual({ result: 'skipped', reason: 'done' });
    expect(entriesOf(4)).toEqual([`${source.id}-a1`]);
    expect(await sources.findSource(source.id)).toMatchObject({ state: 'ready', hls_path: `episodes/${ANIME_ID}/4/${source.id}-a1/master.m3u8` });
  });

  it('marks a file ffmpeg cannot read failed with its reason, without a queue retry or a folder', async () => {
    const source = await queuedSource(5, 'not-a-video.mkv', { durationSeconds: 4, width: 1280, height: 720, audioTracks: [] });

    const run = worker.process({ sourceId: source.id, attempt: 1 });

    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    const failed = await sources.findSource(source.id);
    expect(failed).toMatchObject({ state: 'failed', hls_path: null, eta_seconds: null });
    expect(failed?.error).toMatch(/^ffmpeg не смог перекодировать файл: [\s\S]*\buploads\/not-a-video\.mkv: Invalid data found/);
    expect(failed?.error).not.toContain(media.dir);
    expect(entriesOf(5)).toEqual([]);
  });

  it('marks a source whose file is gone failed with «Файл источника не найден»', async () => {
    const source = await queuedSource(6, 'vanished.mkv', { durationSeconds: 4, width: 1280, height: 720, audioTracks: [] });

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).rejects.toThrow(new UnrecoverableError('Файл источника не найден'));

    expect(await sources.findSource(source.id)).toMatchObject({ state: 'failed', error: 'Файл источника не найден' });
    expect(entriesOf(6)).toEqual([]);
  });

  it('skips an attempt that was superseded by a retry', async () => {
    const source = await episodeSource(7);
    await sources.cancel(source.id);
    expect(await sources.requeue(source.id)).toMatchObject({ attempt: 2, state: 'queued' });

    await expect(worker.process({ sourceId: source.id, attempt: 1 })).resolves.toEqual({ result: 'skipped', reason: 'superseded' });
    expect(entriesOf(7)).toEqual([]);
  });

  it('hands a queued job back on shutdown instead of failing it, and another replica finishes it', async () => {
    const keyPrefix = ownKeyPrefix('eptxq');
    const first = await startWorkerContext(keyPrefix);
    let second: INestApplicationContext | undefined;
    const producer = new EpisodeTranscodeQueue({ url: redisUrl, keyPrefix });
    const connection = createRedisClient(redisUrl, { maxRetriesPerRequest: 1 });
    const queue = new Queue(QueueName.CatalogueEpisodeTranscode, { connection, prefix: bullPrefix(keyPrefix) });
    try {
      const source = await longSource(8);
      const running = new Promise<void>((resolve) =>
        jest.spyOn(first.get(EpisodeSourcesRepository), 'reportProgress').mockImplementation(async () => {
          resolve();
          return true;
        }),
      );
      const jobId = await producer.enqueue(source.id, 1);
      await running;

      await first.close();

      // Back in the queue (delayed a moment), neither failed nor completed.
      expect(['delayed', 'waiting']).toContain(await queue.getJobState(jobId));
      expect(await sources.findSource(source.id)).toMatchObject({ state: 'transcoding', error: null });
      expect(entriesOf(8)).toEqual([]);

      second = await startWorkerContext(keyPrefix);
      const done = await waitFor(async () => {
        const row = await sources.findSource(source.id);
        return row?.state === 'ready' ? row : null;
      }, 30_000);
      expect(done).toMatchObject({ hls_path: `episodes/${ANIME_ID}/8/${source.id}-a1/master.m3u8`, qualities: [240] });
      expect(entriesOf(8)).toEqual([`${source.id}-a1`]);
      expect(await waitFor(async () => ((await queue.getJobState(jobId)) === 'completed' ? 'completed' : null))).toBe('completed');
    } finally {
      await second?.close();
      await first.close().catch(() => undefined);
      await producer.onApplicationShutdown();
      await queue.close();
      await connection.quit();
    }
  }, 60_000);

  it('answers a run stopped by shutdown with TranscodeInterruptedError (the job goes back, the source stays in work)', async () => {
    const own = await startWorkerContext(ownKeyPrefix('eptxs'));
    const ownWorker = own.get(EpisodeTranscodeWorker);
    const ownSources = own.get(EpisodeSourcesRepository);
    const source = await longSource(9);
    const report = ownSources.reportProgress.bind(ownSources);
    let closing: Promise<void> | undefined;
    jest.spyOn(ownSources, 'reportProgress').mockImplementation(async (...args) => {
      closing ??= own.close();
      return report(...args);
    });

    await expect(ownWorker.process({ sourceId: source.id, attempt: 1 })).rejects.toBeInstanceOf(TranscodeInterruptedError);
    await closing;

    expect(await sources.findSource(source.id)).toMatchObject({ state: 'transcoding', error: null });
    expect(entriesOf(9)).toEqual([]);
  });
});

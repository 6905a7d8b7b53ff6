import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EPISODE_TRACK_MESSAGES, EPISODE_TRACK_UPLOAD_PATH, ErrorCode, MEDIA_URL_PREFIX } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { EpisodeMasterService } from '../../apps/catalogue/src/episodes/tracks/episode-master.service';
import { EpisodeTrackWorker } from '../../apps/catalogue/src/episodes/tracks/episode-track.worker';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import { ffprobe, firstPacketPts, mediaTool, postForm, runMediaTool, tempMediaDir } from './media-test-kit';
import { tusClient } from './tus-test-client';

const NARUTO = 20;
/** One AAC frame at 48 kHz, in 90 kHz ticks: how close an added voice-over must start to the picture. */
const AAC_FRAME_TICKS = (1024 / 48_000) * 90_000;

const SRT = '1\r\n00:00:00,500 --> 00:00:02,000\r\nПривет, мир!\r\n\r\n2\r\n00:00:02,500 --> 00:00:03,500\r\nВторая реплика\r\n\r\n';

/**
 * Voice-overs and subtitles added to a transcoded episode without re-encoding its video (docs/media.md,
 * «Voice-overs and subtitles added later»): the gateway's multipart upload, the catalogue's queue and
 * worker, the revisioned master playlist, release teams. A real episode, uploaded and transcoded first.
 */
describe('episode tracks: voice-overs and subtitles added later, release teams', () => {
  const media = tempMediaDir();
  const files = tempMediaDir();
  let stack: CatalogueStack;
  let admin: RegisteredUser;
  let uploader: RegisteredUser;
  let viewer: RegisteredUser;
  /** The transcode's rendition folder of episode 1. */
  let rendition: string;

  const file = (name: string) => ({ name, bytes: readFileSync(join(files.dir, name)) });
  const upload = (number: number, fields: Record<string, string>, sent: { name: string; bytes: Buffer } | null, token: string | undefined = uploader.token) =>
    postForm(new URL(EPISODE_TRACK_UPLOAD_PATH.replace(':animeId', String(NARUTO)).replace(':number', String(number)), stack.gateway.url), fields, sent, token);
  const incomingTracks = () => {
    const folder = join(media.dir, 'episodes/incoming/tracks');
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const tracksOf = async (number = 1) =>
    (await stack.api.get(`/api/admin/anime/${NARUTO}/episodes/${number}/tracks`, { token: uploader.token })).body.data.items;
  const readyTrack = (id: string) =>
    waitFor(async () => {
      const track = (await tracksOf()).find((item: { id: string }) => item.id === id);
      if (track?.state === 'failed') throw new Error(`track failed: ${track.error}`);
      return track?.state === 'ready' ? track : undefined;
    }, 60_000);
  const hlsUrl = async (): Promise<string> =>
    (await stack.api.get(`/api/admin/anime/${NARUTO}/episodes`, { token: uploader.token })).body.data.episodes.find(
      (row: { number: number }) => row.number === 1,
    ).hlsUrl;
  const master = async () => {
    const url = await hlsUrl();
    return { url, text: readFileSync(join(media.dir, url.slice(MEDIA_URL_PREFIX.length)), 'utf8') };
  };
  const mediaLines = (text: string) => text.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:'));
  const firstSegment = (playlist: string) =>
    join(
      playlist,
      '..',
      readFileSync(playlist, 'utf8')
        .split('\n')
        .find((line) => line.endsWith('.ts')) ?? '',
    );

  beforeAll(async () => {
    const ffmpeg = mediaTool('ffmpeg');
    // 4 s of 640×360 with two voice-overs: the original (no title) and a team's.
    runMediaTool(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=4'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '64k'],
      ...['-metadata:s:a:0', 'language=jpn', '-metadata:s:a:1', 'language=rus', '-metadata:s:a:1', 'title=AniLibria'],
      join(files.dir, 'episode.mkv'),
    ]);
    // A voice-over longer than the episode (it is cut), and a video without sound.
    runMediaTool(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=6', '-c:a', 'aac', join(files.dir, 'voice.m4a')]);
    runMediaTool(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast'],
      join(files.dir, 'silent.mp4'),
    ]);
    writeFileSync(join(files.dir, 'episode.srt'), SRT);
    writeFileSync(join(files.dir, 'notes.srt'), 'Это текст, а не субтитры.\n'.repeat(200));
    // Past the 5 MB of subtitles and the 1 MB this spec allows a voice-over.
    writeFileSync(join(files.dir, 'huge.srt'), SRT.repeat(Math.ceil((5.5 * 1024 * 1024) / SRT.length)));
    writeFileSync(join(files.dir, 'huge.m4a'), Buffer.alloc(1.5 * 1024 * 1024, 1));

    stack = await startCatalogueStack('eptracks', {
      env: { MEDIA_DIR: media.dir, EPISODE_TRANSCODE_PRESET: 'ultrafast', EPISODE_TRACK_UPLOAD_MAX_MB: '1' },
    });
    [admin, uploader, viewer] = await Promise.all([stack.admin(), stack.user(), stack.user()]);
    expect((await stack.api.put(`/api/user/${uploader.id}/uploader`, { isUploader: true }, { token: admin.token })).status).toBe(200);
    const sent = await tusClient(stack.gateway.url).upload(
      readFileSync(join(files.dir, 'episode.mkv')),
      { animeId: String(NARUTO), number: '1', filename: 'episode.mkv' },
      uploader.token,
    );
    expect(sent.status).toBe(204);
    const url = await waitFor(async () => {
      const screen = (await stack.api.get(`/api/admin/anime/${NARUTO}/episodes`, { token: uploader.token })).body.data;
      return screen.sources.find((row: { state: string }) => row.state === 'failed')?.error ?? screen.episodes[0]?.hlsUrl;
    }, 90_000);
    expect(url).toMatch(/\/master\.m3u8$/);
    rendition = join(media.dir, url.slice(MEDIA_URL_PREFIX.length), '..');
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    media.remove();
    files.remove();
  });

  it('adds subtitles: converted to WebVTT on the video’s clock, listed in a new master revision the episode now plays', async () => {
    const added = await upload(1, { kind: 'subtitles', team: 'Crunchyroll', language: 'RU' }, file('episode.srt'));
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      animeId: NARUTO,
      number: 1,
      kind: 'subtitles',
      name: 'Crunchyroll',
      team: { name: 'Crunchyroll', kind: 'subtitles' },
      language: 'ru',
      origin: 'added',
      state: 'processing',
      error: null,
    });
    const { id } = added.body.data;
    await readyTrack(id);

    const { url, text } = await master();
    expect(url).toMatch(/\/master-r1\.m3u8$/);
    expect(mediaLines(text)).toContain(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Crunchyroll",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,URI="tracks/${id}/index.m3u8"`,
    );
    const variants = text.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const line of variants) expect(line).toMatch(/,SUBTITLES="subs"$/);
    // Served as the player fetches it.
    expect((await fetch(new URL(url, stack.gateway.url))).status).toBe(200);
    const playlist = await fetch(new URL(`${url.replace(/[^/]+$/, '')}tracks/${id}/index.m3u8`, stack.gateway.url));
    const [{ duration }] = await stack.db.query('SELECT duration_seconds::float8 AS duration FROM catalogue.episodes WHERE anime_id = $1 AND number = 1', [
      NARUTO,
    ]);
    expect((await playlist.text()).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      `#EXTINF:${duration.toFixed(3)},`,
      'subtitles.vtt',
      '#EXT-X-ENDLIST',
      '',
    ]);
    const vtt = await (await fetch(new URL(`${url.replace(/[^/]+$/, '')}tracks/${id}/subtitles.vtt`, stack.gateway.url))).text();
    const videoStart = firstPacketPts(firstSegment(join(rendition, 'v360/index.m3u8')), 'v');
    expect(vtt.split('\n').slice(0, 2)).toEqual(['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${videoStart},LOCAL:00:00:00.000`]);
    expect(vtt).toContain('00:00.500 --> 00:02.000\nПривет, мир!');
    expect(vtt).toContain('00:02.500 --> 00:03.500\nВторая реплика');
    // The first master stays for a player that loaded it; the upload is gone once processed.
    expect(existsSync(join(rendition, 'master.m3u8'))).toBe(true);
    expect(incomingTracks()).toEqual([]);
  }, 60_000);

  it('adds a voice-over: AAC HLS lined up with the picture, the video untouched, the revision advanced', async () => {
    const videoFiles = () =>
      readdirSync(join(rendition, 'v360')).map((name) => {
        const stat = statSync(join(rendition, 'v360', name));
        return {
          name,
          ino: stat.ino,
          mtime: stat.mtimeMs,
          sha: createHash('sha256')
            .update(readFileSync(join(rendition, 'v360', name)))
            .digest('hex'),
        };
      });
    const before = videoFiles();
    const revisionBefore = Number(/master-r(\d+)\.m3u8$/.exec((await master()).url)?.[1]);

    const added = await upload(1, { kind: 'audio', team: 'AniDub', language: 'ru' }, file('voice.m4a'));
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ kind: 'audio', name: 'AniDub', team: { name: 'AniDub', kind: 'voice' }, state: 'processing' });
    const { id } = added.body.data;
    await readyTrack(id);

    const { url, text } = await master();
    expect(Number(/master-r(\d+)\.m3u8$/.exec(url)?.[1])).toBeGreaterThan(revisionBefore);
    expect(mediaLines(text)).toContain(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="AniDub",LANGUAGE="ru",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="tracks/${id}/index.m3u8"`,
    );
    // Still there: the source's voice-overs and the subtitles added before.
    expect(mediaLines(text).map((line) => /NAME="([^"]*)"/.exec(line)?.[1])).toEqual(['Японский', 'AniLibria', 'AniDub', 'Crunchyroll']);

    const track = join(rendition, 'tracks', id);
    const segments = readFileSync(join(track, 'index.m3u8'), 'utf8');
    const durations = [...segments.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
    expect(durations.reduce((sum, seconds) => sum + seconds, 0)).toBeLessThan(4.1);
    const added0 = firstSegment(join(track, 'index.m3u8'));
    expect(ffprobe(added0)).toEqual([{ codec_type: 'audio', codec_name: 'aac', profile: 'LC' }]);
    // Its first packet where the default voice-over's is in the picture's segments, within one AAC frame of the first frame.
    const videoSegment = firstSegment(join(rendition, 'v360/index.m3u8'));
    const addedStart = firstPacketPts(added0, 'a');
    expect(Math.abs(addedStart - firstPacketPts(videoSegment, 'a'))).toBeLessThanOrEqual(AAC_FRAME_TICKS);
    expect(Math.abs(addedStart - firstPacketPts(videoSegment, 'v'))).toBeLessThanOrEqual(AAC_FRAME_TICKS);

    expect(videoFiles()).toEqual(before);
    const [row] = await stack.db.query('SELECT bandwidth, average_bandwidth FROM catalogue.episode_tracks WHERE id = $1', [id]);
    expect(row.bandwidth).toBeGreaterThan(100_000);
    expect(row.average_bandwidth).toBeGreaterThan(0);
    expect(incomingTracks()).toEqual([]);
  }, 60_000);

  it('lists both of two tracks added at once in the final master, and never points back to an older revision', async () => {
    const [first, second] = await Promise.all([
      upload(1, { kind: 'subtitles', team: 'Anilibria', language: 'ru' }, file('episode.srt')),
      upload(1, { kind: 'subtitles', team: 'SovetRomantica' }, file('episode.srt')),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    await Promise.all([readyTrack(first.body.data.id), readyTrack(second.body.data.id)]);
    const names = async () => mediaLines((await master()).text).map((line) => /NAME="([^"]*)"/.exec(line)?.[1]);
    const listed = await waitFor(async () => ((await names()).length === 6 ? names() : undefined));
    expect(listed.slice(0, 4)).toEqual(['Японский', 'AniLibria', 'AniDub', 'Crunchyroll']);
    expect(listed.slice(4).sort()).toEqual(['Anilibria', 'SovetRomantica']);

    // Revisions taken at once: each one is written, the episode ends on the newest.
    const masters = stack.catalogue.app.get(EpisodeMasterService);
    const revisions = (await Promise.all(Array.from({ length: 5 }, () => masters.revise(NARUTO, 1)))) as number[];
    expect(new Set(revisions).size).toBe(5);
    const newest = Math.max(...revisions);
    expect((await master()).url).toMatch(new RegExp(`/master-r${newest}\\.m3u8$`));
    for (const revision of revisions) expect(existsSync(join(rendition, `master-r${revision}.m3u8`))).toBe(true);
    const [episode] = await stack.db.query('SELECT master_revision, master_applied_revision FROM catalogue.episodes WHERE anime_id = $1 AND number = 1', [
      NARUTO,
    ]);
    expect(episode).toEqual({ master_revision: newest, master_applied_revision: newest });
  }, 90_000);

  it('refuses a second track of the same team, a file of the wrong kind, one too large, and a plain user; nothing is left behind', async () => {
    const before = (await tracksOf()).length;
    const duplicate = await upload(1, { kind: 'subtitles', team: 'crunchyroll' }, file('episode.srt'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ success: false, code: ErrorCode.Conflict, message: EPISODE_TRACK_MESSAGES.duplicateTeam });
    // The source's own voice-over is the team's track already.
    const sourceTeam = await upload(1, { kind: 'audio', team: 'AniLibria' }, file('voice.m4a'));
    expect(sourceTeam.status).toBe(409);

    const notSubtitles = await upload(1, { kind: 'subtitles', team: 'Kansai' }, file('notes.srt'));
    expect(notSubtitles.status).toBe(400);
    expect(notSubtitles.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: EPISODE_TRACK_MESSAGES.notSubtitles });
    const noSound = await upload(1, { kind: 'audio', team: 'Kansai' }, file('silent.mp4'));
    expect(noSound.status).toBe(400);
    expect(noSound.body.message).toBe(EPISODE_TRACK_MESSAGES.notAudio);
    const subtitlesAsAudio = await upload(1, { kind: 'audio', team: 'Kansai' }, file('episode.srt'));
    expect(subtitlesAsAudio.body.message).toBe(EPISODE_TRACK_MESSAGES.notAudio);

    const hugeSubtitles = await upload(1, { kind: 'subtitles', team: 'Kansai' }, file('huge.srt'));
    expect(hugeSubtitles.status).toBe(413);
    expect(hugeSubtitles.body).toMatchObject({ code: ErrorCode.PayloadTooLarge, message: EPISODE_TRACK_MESSAGES.fileTooLarge(5) });
    const hugeVoice = await upload(1, { kind: 'audio', team: 'Kansai' }, file('huge.m4a'));
    expect(hugeVoice.status).toBe(413);
    expect(hugeVoice.body.message).toBe(EPISODE_TRACK_MESSAGES.fileTooLarge(1));

    const noKind = await upload(1, { team: 'Kansai' }, file('episode.srt'));
    expect(noKind.status).toBe(400);
    expect(noKind.body.errors).toEqual([{ field: 'kind', message: EPISODE_TRACK_MESSAGES.kind }]);
    const noTeam = await upload(1, { kind: 'subtitles', team: ' ' }, file('episode.srt'));
    expect(noTeam.body.errors).toEqual([{ field: 'team', message: EPISODE_TRACK_MESSAGES.team }]);
    const noFile = await upload(1, { kind: 'subtitles', team: 'Kansai' }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(EPISODE_TRACK_MESSAGES.fileMissing);
    const notTranscoded = await upload(7, { kind: 'subtitles', team: 'Kansai' }, file('episode.srt'));
    expect(notTranscoded.status).toBe(404);
    expect(notTranscoded.body.message).toBe(EPISODE_TRACK_MESSAGES.episodeNotReady);

    const byViewer = await upload(1, { kind: 'subtitles', team: 'Kansai' }, file('episode.srt'), viewer.token);
    expect(byViewer).toMatchObject({ status: 403, body: { success: false, code: ErrorCode.Forbidden } });
    expect((await upload(1, { kind: 'subtitles', team: 'Kansai' }, file('episode.srt'), '')).status).toBe(401);
    expect((await stack.api.get(`/api/admin/anime/${NARUTO}/episodes/1/tracks`, { token: viewer.token })).status).toBe(403);

    expect(incomingTracks()).toEqual([]);
    expect((await tracksOf()).length).toBe(before);
  }, 60_000);

  it('lists an episode’s tracks, the source’s streams first, and removes an added one from the newest master but not a source one', async () => {
    const tracks = await tracksOf();
    expect(tracks.slice(0, 2)).toEqual([
      expect.objectContaining({ origin: 'source', kind: 'audio', name: 'Японский', team: null, language: 'ja', state: 'ready' }),
      expect.objectContaining({ origin: 'source', kind: 'audio', name: 'AniLibria', team: expect.objectContaining({ name: 'AniLibria', kind: 'voice' }) }),
    ]);
    expect(tracks.slice(2, 6).map((track: { name: string }) => track.name)).toEqual(['Crunchyroll', 'AniDub', expect.any(String), expect.any(String)]);

    const voice = tracks.find((track: { name: string }) => track.name === 'AniDub');
    const { url: oldUrl } = await master();
    const removed = await stack.api.delete(`/api/admin/episode-tracks/${voice.id}`, { token: uploader.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: voice.id, name: 'AniDub', origin: 'added' });
    const { url, text } = await master();
    expect(url).not.toBe(oldUrl);
    expect(text).not.toContain('AniDub');
    expect(existsSync(join(rendition, 'tracks', voice.id))).toBe(false);
    expect(existsSync(join(media.dir, oldUrl.slice(MEDIA_URL_PREFIX.length)))).toBe(true);
    expect((await tracksOf()).map((track: { id: string }) => track.id)).not.toContain(voice.id);

    const source = await stack.api.delete(`/api/admin/episode-tracks/${tracks[1].id}`, { token: uploader.token });
    expect(source.status).toBe(409);
    expect(source.body.message).toBe(EPISODE_TRACK_MESSAGES.sourceTrack);
    expect((await stack.api.delete(`/api/admin/episode-tracks/${voice.id}`, { token: uploader.token })).status).toBe(404);
    expect((await stack.api.delete(`/api/admin/episode-tracks/${voice.id}`, { token: viewer.token })).status).toBe(403);
  }, 60_000);

  it('names on the title page only the teams of published episodes, and lets uploaders find teams by kind and prefix', async () => {
    const teams = async () => (await stack.api.get(`/api/anime/${NARUTO}/teams`)).body.data;
    expect(await teams()).toEqual({ animeId: NARUTO, voice: [], subtitles: [] });
    expect((await stack.api.get('/api/anime/999999999/teams')).status).toBe(404);

    expect((await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: true }, { token: uploader.token })).status).toBe(200);
    const published = await teams();
    expect(published.voice.map((team: { name: string }) => team.name)).toEqual(['AniLibria']);
    expect(published.subtitles.map((team: { name: string }) => team.name)).toEqual(['Anilibria', 'Crunchyroll', 'SovetRomantica']);
    // Publishing again records the source's streams no second time.
    await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: false }, { token: uploader.token });
    await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: true }, { token: uploader.token });
    expect((await tracksOf()).filter((track: { origin: string }) => track.origin === 'source')).toHaveLength(2);

    const find = async (query: string) =>
      (await stack.api.get(`/api/admin/release-teams${query}`, { token: uploader.token })).body.data.items.map(
        (team: { name: string; kind: string }) => `${team.name}/${team.kind}`,
      );
    expect(await find('?kind=voice&q=ani')).toEqual(['AniDub/voice', 'AniLibria/voice']);
    expect(await find('?q=ANIL')).toEqual(['Anilibria/subtitles', 'AniLibria/voice']);
    expect(await find('?kind=subtitles&q=%25')).toEqual([]);
    expect((await stack.api.get('/api/admin/release-teams', { token: viewer.token })).status).toBe(403);
  }, 60_000);

  it('marks a file ffmpeg cannot read failed with its reason, without server paths, and deletes it', async () => {
    // ffprobe at the gateway keeps such files out; one that got past it (or rotted on disk) fails in the worker.
    const trackId = '6f1d9a52-3c4b-4e5f-8a7b-9c0d1e2f3a4b';
    const uploadKey = `episodes/incoming/tracks/${trackId}.srt`;
    writeFileSync(join(media.dir, uploadKey), 'Это текст, а не субтитры.\n'.repeat(50));
    await stack.db.query(
      `INSERT INTO catalogue.episode_tracks (id, anime_id, number, kind, name, origin, upload_key) VALUES ($1, $2, 1, 'subtitles', 'Сломанные', 'added', $3)`,
      [trackId, NARUTO, uploadKey],
    );
    const worker = stack.catalogue.app.get(EpisodeTrackWorker);

    const result = await worker.process({ trackId });

    expect(result).toMatchObject({ result: 'failed' });
    const [failed] = await tracksOf().then((items) => items.filter((track: { id: string }) => track.id === trackId));
    expect(failed).toMatchObject({ state: 'failed', origin: 'added', team: null });
    expect(failed.error).toMatch(/^ffmpeg не смог обработать файл: [\s\S]*episodes\/incoming\/tracks\/6f1d9a52-3c4b-4e5f-8a7b-9c0d1e2f3a4b\.srt/);
    expect(failed.error).not.toContain(media.dir);
    expect(incomingTracks()).toEqual([]);
    expect(existsSync(join(rendition, 'tracks', trackId))).toBe(false);
    expect((await master()).text).not.toContain('Сломанные');
  });

  it('runs a job again harmlessly: a removed track is skipped, a ready one only gets a new revision', async () => {
    const worker = stack.catalogue.app.get(EpisodeTrackWorker);
    await expect(worker.process({ trackId: '00000000-0000-4000-8000-000000000000' })).resolves.toEqual({ result: 'skipped', reason: 'removed' });
    const [ready] = await stack.db.query(`SELECT id FROM catalogue.episode_tracks WHERE origin = 'added' AND state = 'ready' LIMIT 1`);
    const before = (await master()).url;
    // A ready track's job run again (its master revision failed the first time).
    await expect(worker.process({ trackId: ready.id })).resolves.toMatchObject({ result: 'ready', revision: expect.any(Number) });
    expect((await master()).url).not.toBe(before);
  });
});

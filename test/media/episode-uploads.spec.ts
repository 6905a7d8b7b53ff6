import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EPISODE_UPLOAD_MESSAGES, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CatalogueStack, startCatalogueStack } from '../catalogue/catalogue-test-kit';
import { mediaTool, runMediaTool, tempMediaDir } from './media-test-kit';
import { tusClient } from './tus-test-client';

const NARUTO = 20;

/** A short episode source made by ffmpeg: 640×360 with two voice-overs, tagged as release teams tag them. */
function makeSource(file: string, seconds: number) {
  runMediaTool(mediaTool('ffmpeg'), [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=880:duration=${seconds}`],
    ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '64k'],
    ...['-metadata:s:a:0', 'language=jpn', '-metadata:s:a:0', 'title=Оригинал', '-metadata:s:a:1', 'language=rus', '-metadata:s:a:1', 'title=AniLibria'],
    file,
  ]);
}

describe('episode uploads: the uploader role, the resumable upload (tus), its checks, transcoding and publishing', () => {
  const media = tempMediaDir();
  const files = tempMediaDir();
  let stack: CatalogueStack;
  let tus: ReturnType<typeof tusClient>;
  let admin: RegisteredUser;
  let uploader: RegisteredUser;
  let viewer: RegisteredUser;
  const source = () => readFileSync(join(files.dir, 'episode.mkv'));
  const incoming = () => (existsSync(join(media.dir, 'episodes/incoming')) ? readdirSync(join(media.dir, 'episodes/incoming')) : []);
  const manage = async (token = uploader.token) => stack.api.get(`/api/admin/anime/${NARUTO}/episodes`, { token });
  const sourceOf = async (number: number) =>
    (await manage()).body.data.sources.find((row: { number: number }) => row.number === number) as Record<string, any> | undefined;
  const readySource = (number: number) =>
    waitFor(async () => {
      const row = await sourceOf(number);
      if (row?.state === 'failed') throw new Error(`transcode failed: ${row.error}`);
      return row?.state === 'ready' ? row : undefined;
    }, 90_000);

  beforeAll(async () => {
    makeSource(join(files.dir, 'episode.mkv'), 4);
    writeFileSync(join(files.dir, 'notes.mkv'), 'Это текст, а не видео.\n'.repeat(200));
    runMediaTool(mediaTool('ffmpeg'), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:a', 'aac', join(files.dir, 'voice-only.mp4')]);
    stack = await startCatalogueStack('uploads', { env: { MEDIA_DIR: media.dir, EPISODE_UPLOAD_MAX_MB: '5', EPISODE_TRANSCODE_PRESET: 'ultrafast' } });
    tus = tusClient(stack.gateway.url);
    [admin, uploader, viewer] = await Promise.all([stack.admin(), stack.user(), stack.user()]);
    const granted = await stack.api.put(`/api/user/${uploader.id}/uploader`, { isUploader: true }, { token: admin.token });
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ id: uploader.id, isUploader: true, isAdmin: false });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    media.remove();
    files.remove();
  });

  it('lets only admins give the uploader role, and only uploaders and admins reach the «Серии» screen and the upload', async () => {
    const refused = await stack.api.put(`/api/user/${viewer.id}/uploader`, { isUploader: true }, { token: uploader.token });
    expect(refused.status).toBe(403);
    const [audit] = await stack.db.query(`SELECT payload FROM auth.outbox WHERE event_name = 'auth.user.role.changed' AND payload->>'userId' = $1`, [
      uploader.id,
    ]);
    expect(audit.payload).toMatchObject({ actorId: admin.id, before: { isUploader: false }, after: { isUploader: true, isAdmin: false } });
    expect((await stack.api.get('/api/auth/verify', { token: viewer.token })).body.data.user.isUploader).toBe(false);
    expect((await stack.api.get('/api/auth/verify', { token: admin.token })).body.data.user.isUploader).toBe(true);

    expect((await manage(viewer.token)).status).toBe(403);
    expect((await stack.api.get(`/api/admin/anime/${NARUTO}/episodes`)).status).toBe(401);
    const screen = await manage(admin.token);
    expect(screen.status).toBe(200);
    expect(screen.body.data).toMatchObject({ animeId: NARUTO, episodes: [], sources: [] });

    const byViewer = await tus.create(1000, { animeId: String(NARUTO), number: '1', filename: 'a.mkv' }, viewer.token);
    expect(byViewer.status).toBe(403);
    expect(JSON.parse(byViewer.body)).toMatchObject({ success: false, code: ErrorCode.Forbidden, message: GENERIC_MESSAGES.forbidden });
    expect((await tus.create(1000, { animeId: String(NARUTO), number: '1', filename: 'a.mkv' })).status).toBe(401);
    expect(incoming()).toEqual([]);
  });

  it('continues an upload whose connection dropped where it stopped, then probes, registers and transcodes it; publishing makes it playable and announced', async () => {
    const bytes = source();
    const created = await tus.create(bytes.length, { animeId: String(NARUTO), number: '1', filename: 'Naruto 01 [1080p].mkv' }, uploader.token);
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    expect(location).toMatch(/^\/api\/episode-uploads\/[a-z0-9]+$/);

    await tus.patchDropped(location, 0, bytes, Math.floor(bytes.length / 2), uploader.token);
    const { offset } = await waitFor(async () => {
      const head = await tus.offset(location, uploader.token);
      return head.offset > 0 ? head : undefined;
    });
    expect(offset).toBeLessThan(bytes.length);
    // Another uploader cannot see or continue it.
    expect((await tus.offset(location, admin.token)).status).toBe(404);

    const finished = await tus.patch(location, offset, bytes.subarray(offset), uploader.token);
    expect(finished.status).toBe(204);
    expect(Number(finished.headers.get('upload-offset'))).toBe(bytes.length);

    const ready = await readySource(1);
    expect(ready).toMatchObject({
      fileName: 'Naruto 01 [1080p].mkv',
      sizeBytes: bytes.length,
      width: 640,
      height: 360,
      audioTracks: [
        { index: 0, language: 'jpn', title: 'Оригинал' },
        { index: 1, language: 'rus', title: 'AniLibria' },
      ],
      progress: 100,
      qualities: [360],
      error: null,
    });
    expect(ready.durationSeconds).toBeCloseTo(4, 0);

    // Transcoded but not published: the viewers' list does not have it yet.
    expect((await stack.api.get(`/api/anime/${NARUTO}/episodes`)).body.data.episodes).toEqual([]);
    const unpublished = (await manage()).body.data.episodes;
    expect(unpublished).toEqual([expect.objectContaining({ number: 1, origin: 'upload', published: false, qualities: [360] })]);

    const published = await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: true }, { token: uploader.token });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ number: 1, published: true });
    const list = (await stack.api.get(`/api/anime/${NARUTO}/episodes`)).body.data.episodes;
    expect(list).toEqual([expect.objectContaining({ number: 1, source: expect.objectContaining({ kind: 'hls', qualities: [360] }) })]);
    const master = await fetch(new URL(list[0].source.url, stack.gateway.url));
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('TYPE=AUDIO');
    expect((await stack.api.get(`/api/anime/${NARUTO}`)).body.data.episodesAvailable).toBe(1);

    // Announced once: hiding and publishing again does not announce it a second time.
    await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: false }, { token: uploader.token });
    expect((await stack.api.get(`/api/anime/${NARUTO}/episodes`)).body.data.episodes).toEqual([]);
    await stack.api.put(`/api/admin/anime/${NARUTO}/episodes/1/published`, { published: true }, { token: uploader.token });
    const events = await stack.db.query(
      `SELECT payload FROM catalogue.outbox WHERE event_name = 'catalogue.episodes.added' AND (payload->>'animeId')::int = $1`,
      [NARUTO],
    );
    expect(events.map((row) => (row.payload as { episodes: number[] }).episodes)).toEqual([[1]]);
  }, 120_000);

  it('lets an uploader correct the opening and ending, checked against the episode, which the player list then carries', async () => {
    const markers = (number: number, body: unknown, token = uploader.token) =>
      stack.api.put(`/api/admin/anime/${NARUTO}/episodes/${number}/markers`, body, { token });
    const corrected = await markers(1, { opening: { start: 0.5, end: 2 }, ending: null });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ number: 1, opening: { start: 0.5, end: 2 }, ending: null, markersOrigin: 'manual' });
    const [episode] = (await stack.api.get(`/api/anime/${NARUTO}/episodes`)).body.data.episodes;
    expect(episode).toMatchObject({ number: 1, opening: { start: 0.5, end: 2 }, ending: null });

    const pastEnd = await markers(1, { opening: { start: 1, end: 60 }, ending: null });
    expect(pastEnd.status).toBe(400);
    expect(pastEnd.body.message).toBe(EPISODE_UPLOAD_MESSAGES.spanPastEnd);
    const backwards = await markers(1, { opening: { start: 3, end: 1 }, ending: null });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].message).toBe(EPISODE_UPLOAD_MESSAGES.badSpan);
    expect((await markers(77, { opening: null, ending: null })).status).toBe(404);
    expect((await markers(1, { opening: null, ending: null }, viewer.token)).status).toBe(403);
    // The refusals changed nothing.
    expect((await manage()).body.data.episodes[0]).toMatchObject({ opening: { start: 0.5, end: 2 }, markersOrigin: 'manual' });
  });

  it('refuses bad input with a clear Russian error and leaves nothing behind', async () => {
    const before = incoming();
    const notVideo = await tus.upload(
      readFileSync(join(files.dir, 'notes.mkv')),
      { animeId: String(NARUTO), number: '2', filename: 'notes.mkv' },
      uploader.token,
    );
    expect(notVideo.status).toBe(400);
    expect(JSON.parse(notVideo.body)).toMatchObject({ code: ErrorCode.ValidationFailed, message: EPISODE_UPLOAD_MESSAGES.notVideo });

    const voiceOnly = await tus.upload(
      readFileSync(join(files.dir, 'voice-only.mp4')),
      { animeId: String(NARUTO), number: '2', filename: 'voice.mp4' },
      uploader.token,
    );
    expect(voiceOnly.status).toBe(400);
    expect(JSON.parse(voiceOnly.body)).toMatchObject({ code: ErrorCode.ValidationFailed, message: EPISODE_UPLOAD_MESSAGES.noVideoStream });

    const duplicate = await tus.create(1000, { animeId: String(NARUTO), number: '1', filename: 'again.mkv' }, uploader.token);
    expect(duplicate.status).toBe(409);
    expect(JSON.parse(duplicate.body)).toMatchObject({ code: ErrorCode.Conflict, message: EPISODE_UPLOAD_MESSAGES.duplicate(1) });

    const tooLarge = await tus.create(6 * 1024 * 1024, { animeId: String(NARUTO), number: '3', filename: 'big.mkv' }, uploader.token);
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: ErrorCode.PayloadTooLarge, message: EPISODE_UPLOAD_MESSAGES.fileTooLarge(5) });

    const noNumber = await tus.create(1000, { animeId: String(NARUTO), filename: 'x.mkv' }, uploader.token);
    expect(noNumber.status).toBe(400);
    expect(JSON.parse(noNumber.body)).toMatchObject({ code: ErrorCode.ValidationFailed, message: EPISODE_UPLOAD_MESSAGES.badNumber });
    const unknownTitle = await tus.create(1000, { animeId: '999999999', number: '1', filename: 'x.mkv' }, uploader.token);
    expect(unknownTitle.status).toBe(404);

    expect(incoming()).toEqual(before);
    expect((await manage()).body.data.sources.map((row: { number: number }) => row.number)).toEqual([1]);
  });

  it('retries a failed transcode as a new attempt, refuses what cannot be cancelled or retried', async () => {
    const [{ upload_key: uploadKey }] = await stack.db.query(`SELECT upload_key FROM catalogue.episode_sources WHERE number = 1`);
    const failedId = '7a0e4c3e-2f7b-4d8e-9a51-0c1d2e3f4a5b';
    await stack.db.query(
      `INSERT INTO catalogue.episode_sources (id, anime_id, number, file_name, upload_key, size_bytes, duration_seconds, width, height, video_codec,
         state, error, created_by)
       VALUES ($1, $2, 4, 'episode 4.mkv', $3, 1000, 4, 640, 360, 'h264', 'failed', 'ffmpeg упал', $4)`,
      [failedId, NARUTO, uploadKey, uploader.id],
    );
    const retried = await stack.api.post(`/api/admin/episode-sources/${failedId}/retry`, undefined, { token: uploader.token });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ state: 'queued', error: null, progress: 0 });
    expect(await readySource(4)).toMatchObject({ qualities: [360] });
    const [{ attempt }] = await stack.db.query(`SELECT attempt FROM catalogue.episode_sources WHERE id = $1`, [failedId]);
    expect(attempt).toBe(2);

    const ready = await sourceOf(1);
    const cancelDone = await stack.api.post(`/api/admin/episode-sources/${ready?.id}/cancel`, undefined, { token: uploader.token });
    expect(cancelDone.status).toBe(409);
    expect(cancelDone.body.message).toBe(EPISODE_UPLOAD_MESSAGES.notCancellable);
    const retryDone = await stack.api.post(`/api/admin/episode-sources/${ready?.id}/retry`, undefined, { token: uploader.token });
    expect(retryDone.status).toBe(409);
    const unknown = await stack.api.post('/api/admin/episode-sources/00000000-0000-4000-8000-000000000000/cancel', undefined, { token: uploader.token });
    expect(unknown.status).toBe(404);
    expect((await stack.api.post(`/api/admin/episode-sources/${failedId}/retry`, undefined, { token: viewer.token })).status).toBe(403);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AMV_MESSAGES, type AmvItem } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { AmvTranscodeQueue } from '../../apps/community/src/amv/jobs/amv-transcode.queue';
import { AmvTranscodeWorker } from '../../apps/community/src/amv/jobs/amv-transcode.worker';
import { AmvSamples } from '../../apps/community/src/amv/services/amv-samples';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { mediaTool, runMediaTool } from '../media/media-test-kit';
import {
  adminActionCount,
  adminActionsOn,
  type CommunityStack,
  DEATH_NOTE,
  expectAdminAction,
  expectFieldError,
  NARUTO,
  startCommunityStack,
} from './community-test-kit';

/**
 * AMV clips and the personal AMV playlist through the gateway (docs/community.md, «AMV»), against the
 * real services, PostgreSQL, Redis and the BullMQ transcoding worker with the repository's ffmpeg.
 */
describe('amv', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  let mediaDir: string;
  let mp4: Buffer;
  const auth = (who?: RegisteredUser) => (who ? { token: who.token } : undefined);
  const youtube = (id: string) => ({ url: `https://www.youtube.com/watch?v=${id}&t=10s` });
  const fields = (body: Record<string, unknown> = {}) => ({
    title: `Клип ${randomUUID().slice(0, 8)}`,
    author: 'Автор',
    durationSeconds: 30,
    video: youtube('dQw4w9WgXcQ'),
    ...body,
  });
  /** POST /api/amv as the admin, expecting 201. */
  const create = async (body: Record<string, unknown> = {}): Promise<AmvItem> => {
    const res = await stack.api.post('/api/amv', fields(body), auth(admin));
    if (res.status !== 201) throw new Error(`POST /api/amv → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const state = async () => JSON.stringify(await stack.db.query('SELECT * FROM community.amv ORDER BY id'));
  const upload = (content: Buffer, name: string, who: RegisteredUser | undefined = admin, type = 'video/mp4') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    return stack.api.post('/api/amv/upload', form, auth(who));
  };
  const list = async (query: string): Promise<{ items: AmvItem[]; total: number }> => {
    const res = await stack.api.get(`/api/amv${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'portal-amv-'));
    // One second of test pattern and tone, tiny: what an admin would upload.
    const ffmpeg = mediaTool('ffmpeg');
    const file = join(mediaDir, 'source.mp4');
    runMediaTool(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x90:rate=15:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ]);
    mp4 = readFileSync(file);
    stack = await startCommunityStack('amv', { env: { MEDIA_DIR: mediaDir, AMV_UPLOAD_MAX_MB: '1' } });
    [admin, user] = await Promise.all([stack.admin(), stack.user()]);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('who may write', () => {
    const id = randomUUID();
    it.each([
      ['POST', '/api/amv'],
      ['PUT', `/api/amv/${id}`],
      ['DELETE', `/api/amv/${id}`],
      ['POST', '/api/amv/upload'],
      ['POST', `/api/amv/${id}/like`],
      ['DELETE', `/api/amv/${id}/like`],
      ['GET', '/api/users/me/amv-playlist'],
      ['POST', '/api/users/me/amv-playlist'],
      ['PUT', '/api/users/me/amv-playlist'],
      ['DELETE', `/api/users/me/amv-playlist/${id}`],
      ['POST', `/api/amv/${id}/comments`],
    ])('%s %s: a guest gets 401 and nothing changes', async (method, path) => {
      const before = await state();
      const res = await stack.api[method.toLowerCase() as 'post'](path, fields());
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
      expect(await state()).toBe(before);
    });

    it('a signed-in user who is no admin gets 403 on every admin write, and nothing changes', async () => {
      const amv = await create();
      const before = await state();
      const published = await adminActionCount(stack);
      for (const res of [
        await stack.api.post('/api/amv', fields(), auth(user)),
        await stack.api.put(`/api/amv/${amv.id}`, { title: 'Чужое' }, auth(user)),
        await stack.api.delete(`/api/amv/${amv.id}`, auth(user)),
        await upload(mp4, 'clip.mp4', user),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect(await state()).toBe(before);
      expect(await adminActionCount(stack)).toBe(published);
      expect(readdirSync(mediaDir).includes('amv') ? readdirSync(join(mediaDir, 'amv')).filter((name) => name !== 'uploads' && name !== 'hls') : []).toEqual(
        [],
      );
    });

    it('an admin creates, edits and deletes an AMV; everyone reads it; each write is one admin action, a 404 none', async () => {
      const amv = await create({
        title: 'Звёздный путь',
        musicArtist: 'Группа',
        musicTrack: 'Песня',
        tags: ['Экшен', 'экшен', 'драма'],
        animeIds: [DEATH_NOTE.id],
      });
      expect(amv).toMatchObject({
        title: 'Звёздный путь',
        author: 'Автор',
        musicArtist: 'Группа',
        tags: ['экшен', 'драма'],
        animeIds: [DEATH_NOTE.id],
        views: 0,
        likes: 0,
      });
      expect(amv.anime).toEqual([expect.objectContaining({ id: DEATH_NOTE.id, episodes: DEATH_NOTE.episodes, title: expect.any(String) })]);
      const read = (await stack.api.get(`/api/amv/${amv.id}`)).body.data as AmvItem;
      expect(read.title).toBe('Звёздный путь');
      expect(read.anime.map((anime) => anime.id)).toEqual([DEATH_NOTE.id]);
      const listed = (await stack.api.get(`/api/amv?search=${encodeURIComponent('Звёздный путь')}`)).body.data.items as AmvItem[];
      expect(listed.find((item) => item.id === amv.id)?.anime.map((anime) => anime.id)).toEqual([DEATH_NOTE.id]);
      const edited = await stack.api.put(`/api/amv/${amv.id}`, { title: 'Звёздный путь 2', musicTrack: null }, auth(admin));
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ title: 'Звёздный путь 2', musicTrack: null, musicArtist: 'Группа', animeIds: [DEATH_NOTE.id] });
      expect(edited.body.data.anime.map((anime: { id: number }) => anime.id)).toEqual([DEATH_NOTE.id]);
      const relinked = await stack.api.put(`/api/amv/${amv.id}`, { animeIds: [NARUTO.id, DEATH_NOTE.id] }, auth(admin));
      expect(relinked.body.data.anime.map((anime: { id: number }) => anime.id)).toEqual([NARUTO.id, DEATH_NOTE.id]);
      expect((await stack.api.delete(`/api/amv/${amv.id}`, auth(admin))).status).toBe(200);
      const gone = await stack.api.get(`/api/amv/${amv.id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(AMV_MESSAGES.notFound);
      expect((await stack.api.delete(`/api/amv/${amv.id}`, auth(admin))).status).toBe(404);
      expect((await stack.api.put(`/api/amv/${amv.id}`, { title: 'Нет такого' }, auth(admin))).status).toBe(404);

      const actions = await adminActionsOn(stack, 'amv', amv.id);
      expect(actions.map((action) => action.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
      const clip = { target: 'amv', targetId: amv.id, actorId: admin.id, subjectUserId: null } as const;
      const made = {
        title: 'Звёздный путь',
        author: 'Автор',
        animeIds: [DEATH_NOTE.id],
        musicArtist: 'Группа',
        musicTrack: 'Песня',
        durationSeconds: 30,
        tags: ['экшен', 'драма'],
        uploadId: null,
      };
      await expectAdminAction(stack, { ...clip, action: 'created', before: null, after: { ...made, embedUrl: expect.stringContaining('dQw4w9WgXcQ') } });
      expect(actions[1]).toEqual({
        ...clip,
        action: 'updated',
        before: { title: 'Звёздный путь', musicTrack: 'Песня' },
        after: { title: 'Звёздный путь 2', musicTrack: null },
      });
      expect(actions[2]).toEqual({ ...clip, action: 'updated', before: { animeIds: [DEATH_NOTE.id] }, after: { animeIds: [NARUTO.id, DEATH_NOTE.id] } });
      await expectAdminAction(stack, {
        ...clip,
        action: 'deleted',
        before: { ...actions[0].after, title: 'Звёздный путь 2', musicTrack: null, animeIds: [NARUTO.id, DEATH_NOTE.id] },
        after: null,
      });
    });
  });

  describe('bad input: 400 with a Russian message naming the field, nothing stored', () => {
    it.each([
      ['title', { title: '' }],
      ['title', { title: 'я'.repeat(201) }],
      ['author', { author: '   ' }],
      ['durationSeconds', { durationSeconds: 0 }],
      ['durationSeconds', { durationSeconds: 'долго' }],
      ['tags', { tags: Array.from({ length: 11 }, (_, index) => `тег${index}`) }],
      ['animeIds', { animeIds: 'все' }],
      ['video', { video: undefined }],
      ['video', { video: { uploadId: `${randomUUID()}.mp4`, url: 'https://youtu.be/dQw4w9WgXcQ' } }],
      ['video.url', { video: { url: 'https://evil.example.com/watch?v=dQw4w9WgXcQ' } }],
      ['video.url', { video: { url: 'javascript:alert(1)' } }],
      ['video.url', { video: { url: 'https://www.youtube.com/watch?v=short' } }],
      ['video.uploadId', { video: { uploadId: '../../etc/passwd' } }],
      ['video.uploadId', { video: { uploadId: `${randomUUID()}.mp4` } }],
      ['animeIds.0', { animeIds: [999_999_999] }],
    ])('%s: %j', async (field, body) => {
      const before = await state();
      const res = await stack.api.post('/api/amv', fields(body), auth(admin));
      expectFieldError(res, field);
      expect(await state()).toBe(before);
    });

    it('a foreign player host is refused with the allowlist message', async () => {
      const res = await stack.api.post('/api/amv', fields({ video: { url: 'https://vimeo.com/123456' } }), auth(admin));
      expectFieldError(res, 'video.url');
      expect(res.body.message).toBe(AMV_MESSAGES.externalHost);
    });

    it('an edit with nothing to change, or a bad field, changes nothing', async () => {
      const amv = await create();
      const before = await state();
      expectFieldError(await stack.api.put(`/api/amv/${amv.id}`, {}, auth(admin)), 'title');
      expectFieldError(await stack.api.put(`/api/amv/${amv.id}`, { durationSeconds: -5 }, auth(admin)), 'durationSeconds');
      expectFieldError(await stack.api.put('/api/amv/not-a-uuid', { title: 'x' }, auth(admin)), 'id');
      expect(await state()).toBe(before);
    });

    it.each([
      ['letter', '?letter=Ъ1'],
      ['letter', '?letter=%D0%AA'],
      ['page', '?page=0'],
      ['search', `?search=${'а'.repeat(101)}`],
    ])('the listing refuses %s (%s)', async (field, query) => {
      expectFieldError(await stack.api.get(`/api/amv${query}`), field);
    });

    it('search needs a query', async () => {
      expectFieldError(await stack.api.get('/api/amv/search'), 'q');
      expectFieldError(await stack.api.get('/api/amv/search?q=%20'), 'q');
    });
  });

  describe('external players', () => {
    it.each([
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
      ['https://vk.com/video-123_456', 'vk', 'https://vk.com/video_ext.php?oid=-123&id=456'],
      ['https://vkvideo.ru/video-22822305_456242110', 'vk', 'https://vk.com/video_ext.php?oid=-22822305&id=456242110'],
      ['https://rutube.ru/video/0123456789abcdef0123456789abcdef/', 'rutube', 'https://rutube.ru/play/embed/0123456789abcdef0123456789abcdef'],
    ])('%s is stored as the privacy-enhanced embed of %s', async (url, provider, embedUrl) => {
      const amv = await create({ video: { url } });
      expect(amv.video).toEqual({ kind: 'embed', provider, embedUrl });
      expect((await stack.api.get(`/api/amv/${amv.id}`)).body.data.video.embedUrl).toBe(embedUrl);
    });
  });

  describe('listing, letters, search and neighbours', () => {
    const suffix = randomUUID().slice(0, 6);
    let made: AmvItem[];

    beforeAll(async () => {
      await stack.db.query('DELETE FROM community.amv');
      made = [];
      for (const title of [
        `Ёжик в тумане ${suffix}`,
        `Наруто навсегда ${suffix}`,
        `Naruto Forever ${suffix}`,
        `86 — Восемьдесят шесть ${suffix}`,
        `Евангелион ${suffix}`,
        `Attack ${suffix}`,
      ]) {
        made.push(await create({ title }));
      }
    });

    it('the letter bar: Cyrillic (Ё counts as Е), Latin, lower case, and «#» for digits', async () => {
      const titles = async (query: string) => (await list(query)).items.map((item) => item.title);
      expect(await titles('?letter=%D0%95')).toEqual([`Евангелион ${suffix}`, `Ёжик в тумане ${suffix}`]);
      expect(await titles('?letter=%D0%BD')).toEqual([`Наруто навсегда ${suffix}`]);
      expect(await titles('?letter=N')).toEqual([`Naruto Forever ${suffix}`]);
      expect(await titles('?letter=%23')).toEqual([`86 — Восемьдесят шесть ${suffix}`]);
      expect(await titles('?letter=Z')).toEqual([]);
      expect((await list('')).total).toBe(made.length);
    });

    it('search forgives a typo, in the listing and in /amv/search', async () => {
      expect((await list(`?search=${encodeURIComponent('наруот')}`)).items.map((item) => item.title)).toContain(`Наруто навсегда ${suffix}`);
      const hits = (await stack.api.get(`/api/amv/search?q=${encodeURIComponent('Evangelin')}`)).body.data.items;
      expect(hits).toEqual([]);
      const found = (await stack.api.get(`/api/amv/search?q=${encodeURIComponent('евангилион')}`)).body.data.items.map((item: AmvItem) => item.title);
      expect(found[0]).toBe(`Евангелион ${suffix}`);
      expect((await list(`?letter=N&search=${encodeURIComponent('narto')}`)).items.map((item) => item.title)).toEqual([`Naruto Forever ${suffix}`]);
    });

    it('pages hold 24 each, in title order', async () => {
      const all = (await list('')).items.map((item) => item.title);
      expect(all).toEqual(
        [...all].sort((a, b) => (Buffer.from(a.toLowerCase().replace(/ё/g, 'е')) < Buffer.from(b.toLowerCase().replace(/ё/g, 'е')) ? -1 : 1)),
      );
      expect((await list('?page=2')).items).toEqual([]);
    });

    it('previous and next follow the listing, within its filter too', async () => {
      const order = (await list('')).items;
      for (let index = 0; index < order.length; index++) {
        const res = await stack.api.get(`/api/amv/${order[index].id}/adjacent`);
        expect(res.status).toBe(200);
        expect(res.body.data.previous?.id ?? null).toBe(order[index - 1]?.id ?? null);
        expect(res.body.data.next?.id ?? null).toBe(order[index + 1]?.id ?? null);
      }
      const letterE = (await list('?letter=%D0%95')).items;
      const within = (await stack.api.get(`/api/amv/${letterE[0].id}/adjacent?letter=%D0%95`)).body.data;
      expect(within.previous).toBeNull();
      expect(within.next.id).toBe(letterE[1].id);
      const missing = await stack.api.get(`/api/amv/${randomUUID()}/adjacent`);
      expect(missing.status).toBe(404);
    });

    it('views count once per viewer per day; the top lists follow views and likes', async () => {
      const [first, second] = made;
      const view = (id: string, options?: { token?: string; headers?: Record<string, string> }) => stack.api.post(`/api/amv/${id}/view`, undefined, options);
      expect((await view(first.id, auth(user))).body.data).toMatchObject({ views: 1, counted: true });
      expect((await view(first.id, auth(user))).body.data).toMatchObject({ views: 1, counted: false });
      expect((await view(first.id, { headers: { 'user-agent': 'Browser A' } })).body.data).toMatchObject({ views: 2, counted: true });
      expect((await view(first.id, { headers: { 'user-agent': 'Browser A' } })).body.data).toMatchObject({ views: 2, counted: false });
      expect((await view(first.id, { headers: { 'user-agent': 'Browser B' } })).body.data).toMatchObject({ views: 3, counted: true });
      expect((await stack.api.get(`/api/amv/${first.id}`)).body.data.views).toBe(3);
      expect((await view(randomUUID())).status).toBe(404);

      expect((await stack.api.post(`/api/amv/${second.id}/like`, undefined, auth(user))).body.data).toEqual({ id: second.id, likes: 1, likedByMe: true });
      const top = (await stack.api.get('/api/amv/top')).body.data;
      expect(top.mostViewed[0].id).toBe(first.id);
      expect(top.mostLiked[0].id).toBe(second.id);
    });

    it('a user likes once; taking it back and liking again keeps the count right', async () => {
      const amv = made[2];
      const like = () => stack.api.post(`/api/amv/${amv.id}/like`, undefined, auth(admin));
      expect((await like()).body.data.likes).toBe(1);
      expect((await like()).body.data.likes).toBe(1);
      expect((await stack.api.get(`/api/amv/${amv.id}`, auth(admin))).body.data).toMatchObject({ likes: 1, likedByMe: true });
      expect((await stack.api.get(`/api/amv/${amv.id}`)).body.data.likedByMe).toBe(false);
      expect((await stack.api.delete(`/api/amv/${amv.id}/like`, auth(admin))).body.data).toEqual({ id: amv.id, likes: 0, likedByMe: false });
      expect((await stack.api.delete(`/api/amv/${amv.id}/like`, auth(admin))).body.data.likes).toBe(0);
      expect((await like()).body.data.likes).toBe(1);
      expect((await stack.api.post(`/api/amv/${randomUUID()}/like`, undefined, auth(admin))).status).toBe(404);
    });

    it('comments: posted on an AMV that exists, listed under it; an unknown AMV is a 404', async () => {
      const amv = made[0];
      const posted = await stack.api.post(`/api/amv/${amv.id}/comments`, { content: 'Классный клип!' }, auth(user));
      expect(posted.status).toBe(201);
      const threads = (await stack.api.get(`/api/amv/${amv.id}/comments`)).body.data.items;
      expect(threads.map((thread: { content: string }) => thread.content)).toEqual(['Классный клип!']);
      const elsewhere = await stack.api.post(`/api/amv/${randomUUID()}/comments`, { content: 'Куда это?' }, auth(user));
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.message).toBe(AMV_MESSAGES.notFound);
      expectFieldError(await stack.api.post(`/api/amv/${amv.id}/comments`, { content: '  ' }, auth(user)), 'content');
      expect((await stack.api.get(`/api/amv/${randomUUID()}/comments`)).status).toBe(404);
    });
  });

  describe('uploads and HLS', () => {
    it('a text file renamed to .mp4 is refused by content, and nothing is kept', async () => {
      const res = await upload(Buffer.from('это не видео, а текст '.repeat(20)), 'clip.mp4');
      expectFieldError(res, 'file');
      expect(res.body.message).toBe(AMV_MESSAGES.fileType);
      const uploads = join(mediaDir, 'amv', 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    });

    it('a file over AMV_UPLOAD_MAX_MB is refused with 413, and nothing is kept', async () => {
      const big = Buffer.concat([mp4, Buffer.alloc(1024 * 1024 + 10)]);
      const res = await upload(big, 'big.mp4');
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/1 МБ/);
      const uploads = join(mediaDir, 'amv', 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    });

    it('an empty form or no multipart is a 400', async () => {
      expectFieldError(await stack.api.post('/api/amv/upload', new FormData(), auth(admin)), 'file');
      expectFieldError(await stack.api.post('/api/amv/upload', { file: 'x' }, auth(admin)), 'body');
    });

    it('an uploaded MP4 becomes an AMV, is transcoded to HLS by the worker, served with ranges, and the job is idempotent', async () => {
      const res = await upload(mp4, 'clip.webm', admin, 'video/webm');
      expect(res.status).toBe(201);
      const { uploadId, mimeType, size } = res.body.data;
      expect(uploadId).toMatch(/^[0-9a-f-]{36}\.mp4$/);
      expect(mimeType).toBe('video/mp4');
      expect(size).toBe(mp4.length);

      const amv = await create({ title: 'Загруженный клип', video: { uploadId } });
      expect(amv.video).toMatchObject({ kind: 'file', src: `/media/amv/uploads/${uploadId}`, mimeType: 'video/mp4' });

      const file = await fetch(`${stack.gatewayUrl}/media/amv/uploads/${uploadId}`, { headers: { range: 'bytes=0-99' } });
      expect(file.status).toBe(206);
      expect(file.headers.get('content-type')).toBe('video/mp4');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(mp4.subarray(0, 100));

      const transcoded = await waitFor(async () => (await stack.api.get(`/api/amv/${amv.id}`)).body.data.video.hls as string | null, 60_000, 250);
      expect(transcoded).toMatch(/^\/media\/amv\/hls\/[0-9a-f-]{36}\/index\.m3u8$/);
      const playlist = await fetch(`${stack.gatewayUrl}${transcoded}`);
      expect(playlist.status).toBe(200);
      expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      const text = await playlist.text();
      expect(text).toContain('#EXT-X-ENDLIST');
      const segment = text.split('\n').find((line) => line.endsWith('.ts')) as string;
      const segmentRes = await fetch(new URL(segment, `${stack.gatewayUrl}${transcoded}`));
      expect(segmentRes.status).toBe(200);
      expect(segmentRes.headers.get('content-type')).toBe('video/mp2t');

      // The same job again: same id, the rendition found, nothing made twice.
      const folder = join(mediaDir, 'amv', 'hls');
      const before = readdirSync(folder);
      const worker = stack.community.app.get(AmvTranscodeWorker);
      expect(await worker.process({ uploadId })).toMatchObject({ result: 'existing', hlsPath: transcoded.replace('/media/', '') });
      const queue = stack.community.app.get(AmvTranscodeQueue);
      const jobId = await queue.enqueue(uploadId);
      expect(jobId).toBe(`hls-${uploadId.replace('.mp4', '')}`);
      const job = await waitFor(
        async () => {
          const found = await queue.queue().getJob(jobId);
          return found?.finishedOn ? found : null;
        },
        30_000,
        200,
      );
      expect(job.returnvalue).toMatchObject({ result: 'existing' });
      expect(readdirSync(folder)).toEqual(before);
    });
  });

  describe('sample AMVs', () => {
    it('the manifest of the sample generator is registered once, however often the community boots', async () => {
      const uploads = join(mediaDir, 'amv', 'uploads');
      const uploadId = '5a3e0000-0000-4000-8000-0000000000f1.mp4';
      const id = '5a3e0000-0000-4000-8000-0000000000f0';
      writeFileSync(join(uploads, uploadId), mp4);
      writeFileSync(
        join(mediaDir, 'amv', 'samples.json'),
        JSON.stringify({
          version: 1,
          clips: [{ id, uploadId, title: '7 самураев: ритм', author: 'Демо', musicArtist: null, musicTrack: null, tags: ['демо'], durationSeconds: 4 }],
        }),
      );
      const samples = stack.community.app.get(AmvSamples);
      expect(await samples.register()).toBe(1);
      expect(await samples.register()).toBe(0);
      const res = await stack.api.get(`/api/amv/${id}`);
      expect(res.body.data).toMatchObject({ title: '7 самураев: ритм', video: { kind: 'file', src: `/media/amv/uploads/${uploadId}` } });
      expect((await list('?letter=%23')).items.map((item) => item.id)).toContain(id);

      // An admin deletes the sample: the next boot does not bring it back.
      expect((await stack.api.delete(`/api/amv/${id}`, auth(admin))).status).toBe(200);
      expect(await samples.register()).toBe(0);
      expect((await stack.api.get(`/api/amv/${id}`)).status).toBe(404);
    });
  });

  describe('the playlist', () => {
    let clips: AmvItem[];
    const playlist = async (who: RegisteredUser = user): Promise<string[]> => {
      const res = await stack.api.get('/api/users/me/amv-playlist', auth(who));
      expect(res.status).toBe(200);
      return res.body.data.items.map((item: AmvItem) => item.id);
    };
    const add = (amvId: unknown, who: RegisteredUser = user) => stack.api.post('/api/users/me/amv-playlist', { amvId }, auth(who));
    const reorder = (ids: unknown, who: RegisteredUser = user) => stack.api.put('/api/users/me/amv-playlist', { ids }, auth(who));
    const rows = async () => JSON.stringify(await stack.db.query('SELECT * FROM community.amv_playlist ORDER BY user_id, position'));

    beforeAll(async () => {
      clips = [await create(), await create(), await create()];
    });

    it('adds to the end, refuses a duplicate and an unknown AMV, removes, and is the caller’s own', async () => {
      expect(await playlist()).toEqual([]);
      for (const clip of clips) expect((await add(clip.id)).status).toBe(200);
      expect(await playlist()).toEqual(clips.map((clip) => clip.id));
      expect(await playlist(admin)).toEqual([]);

      const before = await rows();
      const duplicate = await add(clips[0].id);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.message).toBe(AMV_MESSAGES.playlistDuplicate);
      expect((await add(randomUUID())).status).toBe(404);
      expectFieldError(await add('нет'), 'amvId');
      expect(await rows()).toBe(before);

      const removed = await stack.api.delete(`/api/users/me/amv-playlist/${clips[1].id}`, auth(user));
      expect(removed.status).toBe(200);
      expect(removed.body.data.items.map((item: AmvItem) => item.id)).toEqual([clips[0].id, clips[2].id]);
      expect((await stack.api.delete(`/api/users/me/amv-playlist/${clips[1].id}`, auth(user))).status).toBe(404);
      // Another user's removal does not reach this playlist.
      expect((await stack.api.delete(`/api/users/me/amv-playlist/${clips[0].id}`, auth(admin))).status).toBe(404);
      expect(await playlist()).toEqual([clips[0].id, clips[2].id]);
      expect((await add(clips[1].id)).status).toBe(200);
    });

    it('reorders by the full list only', async () => {
      const current = await playlist();
      expect(current).toHaveLength(3);
      const reversed = [...current].reverse();
      const before = await rows();
      for (const [field, ids] of [
        ['ids', current.slice(0, 2)],
        ['ids', [...current, randomUUID()]],
        ['ids', [current[0], current[0], current[1]]],
        ['ids', [current[0], current[1], randomUUID()]],
        ['ids', 'всё'],
      ] as const) {
        expectFieldError(await reorder(ids), field);
      }
      expect(await rows()).toBe(before);
      const res = await reorder(reversed);
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((item: AmvItem) => item.id)).toEqual(reversed);
      expect(await playlist()).toEqual(reversed);
    });

    it('a deleted AMV leaves every playlist', async () => {
      const current = await playlist();
      expect((await stack.api.delete(`/api/amv/${current[1]}`, auth(admin))).status).toBe(200);
      expect(await playlist()).toEqual([current[0], current[2]]);
    });
  });
});

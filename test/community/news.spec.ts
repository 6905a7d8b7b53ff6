import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import sharp from 'sharp';
import { EVENT_QUEUE_OF, type EventPayload, NEWS_COVER_WIDTHS, NEWS_MESSAGES, type NewsItem, type NotificationItem } from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import {
  adminActionCount,
  ATTACK_ON_TITAN,
  type CommunityStack,
  DEATH_NOTE,
  expectAdminAction,
  expectFieldError,
  NARUTO,
  startCommunityStack,
} from './community-test-kit';

/**
 * News through the gateway (docs/community.md, «News»), against the real services: admin writes,
 * what guests, users and admins read, the sanitiser, covers and the automatic «Вышла N серия …».
 */
describe('news', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  let user: RegisteredUser;
  const auth = (who?: RegisteredUser) => (who ? { token: who.token } : undefined);
  const BODY = '<p>Студия объявила дату премьеры второго сезона.</p>';
  const post = (who: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/news', body, auth(who));
  /** Posts as the admin and expects 201. */
  const write = async (body: Record<string, unknown> = {}): Promise<NewsItem> => {
    const res = await post(admin, { title: `Новость ${randomUUID().slice(0, 8)}`, body: BODY, status: 'published', ...body });
    if (res.status !== 201) throw new Error(`POST /api/news → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const one = (idOrSlug: string, who?: RegisteredUser) => stack.api.get(`/api/news/${encodeURIComponent(idOrSlug)}`, auth(who));
  const list = async (
    query = '',
    who?: RegisteredUser,
  ): Promise<{ data: NewsItem[]; meta: { page: number; limit: number; total: number; hasMore: boolean } }> => {
    const res = await stack.api.get(`/api/news${query}`, auth(who));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const countComments = async () => Number((await stack.db.query(`SELECT count(*) AS n FROM community.comments WHERE target_type = 'news'`))[0].n);
  const stored = async () => Number((await stack.db.query('SELECT count(*) AS n FROM community.news'))[0].n);
  const digest = async () =>
    (await stack.db.query(`SELECT md5(coalesce(string_agg(n::text, '|' ORDER BY n.id), '')) AS d FROM community.news n`))[0].d as string;
  const image = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .toFormat(format)
      .toBuffer();
  const coverForm = (bytes: Buffer, name = 'cover.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return form;
  };
  const uploadCover = (who: RegisteredUser | undefined, form: FormData) => stack.api.post('/api/admin/news/covers', form, auth(who));

  beforeAll(async () => {
    stack = await startCommunityStack('news');
    admin = await stack.admin();
    user = await stack.user();
    // Earlier news of other tests must not decide what these see: every test starts from an empty table.
  }, 120_000);

  beforeEach(async () => {
    await stack.db.query('DELETE FROM community.news');
    await stack.db.query('UPDATE community.news_settings SET auto_news = true');
  });

  afterAll(async () => {
    await stack?.close();
  });

  describe('who may write', () => {
    const someId = randomUUID();
    it.each([
      ['POST', '/api/news'],
      ['PUT', `/api/news/${someId}`],
      ['DELETE', `/api/news/${someId}`],
      ['POST', '/api/admin/news/covers'],
      ['GET', '/api/admin/news/settings'],
      ['PUT', '/api/admin/news/settings'],
    ])('%s %s: a guest gets 401, a user 403, and nothing changes', async (method, path) => {
      const item = await write();
      const target = path.replace(someId, item.id);
      const before = await digest();
      const published = await adminActionCount(stack);
      const body = { title: 'Чужая новость', body: BODY, autoNews: false };
      const call = (who?: RegisteredUser) =>
        method === 'GET' || method === 'DELETE'
          ? stack.api[method === 'GET' ? 'get' : 'delete'](target, auth(who))
          : stack.api[method === 'PUT' ? 'put' : 'post'](target, body, auth(who));
      const guest = await call();
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe('UNAUTHORIZED');
      const signed = await call(user);
      expect(signed.status).toBe(403);
      expect(signed.body.code).toBe('FORBIDDEN');
      expect(signed.body.message).toMatch(/[а-яА-Я]/);
      expect(await digest()).toBe(before);
      expect((await stack.db.query('SELECT auto_news FROM community.news_settings'))[0].auto_news).toBe(true);
      expect(await adminActionCount(stack)).toBe(published);
    });

    it('an admin creates, edits and deletes; each commits one community.admin.acted, a 404 none', async () => {
      const created = await write({ title: 'Анонс второго сезона', summary: 'Коротко', tags: ['Анонс', 'анонс', ' Сезон '], animeIds: [DEATH_NOTE.id] });
      expect(created).toMatchObject({
        title: 'Анонс второго сезона',
        slug: 'anons-vtorogo-sezona',
        summary: 'Коротко',
        body: BODY,
        tags: ['анонс', 'сезон'],
        animeIds: [DEATH_NOTE.id],
        status: 'published',
        author: { id: admin.id, username: admin.username },
        automatic: false,
      });
      expect(created.anime.map((anime) => anime.id)).toEqual([DEATH_NOTE.id]);
      const edited = await stack.api.put(`/api/news/${created.id}`, { title: 'Анонс третьего сезона', tags: [] }, auth(admin));
      expect(edited.status).toBe(200);
      expect(edited.body.data).toMatchObject({ title: 'Анонс третьего сезона', slug: 'anons-vtorogo-sezona', tags: [], body: BODY });
      expect((await one(created.id)).body.data.data.title).toBe('Анонс третьего сезона');
      const removed = await stack.api.delete(`/api/news/${created.id}`, auth(admin));
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ id: created.id, deleted: true });
      expect((await one(created.id)).status).toBe(404);
      const published = await adminActionCount(stack);
      expect((await stack.api.delete(`/api/news/${created.id}`, auth(admin))).status).toBe(404);
      expect((await stack.api.put(`/api/news/${created.id}`, { title: 'Нет такой' }, auth(admin))).status).toBe(404);
      expect(await adminActionCount(stack)).toBe(published);

      const item = { target: 'news', targetId: created.id, actorId: admin.id, subjectUserId: admin.id } as const;
      const state = {
        slug: 'anons-vtorogo-sezona',
        summary: 'Коротко',
        body: BODY,
        animeIds: [DEATH_NOTE.id],
        coverId: null,
        status: 'published',
        publishedAt: created.publishedAt,
      };
      await expectAdminAction(stack, {
        ...item,
        action: 'created',
        before: null,
        after: { ...state, title: 'Анонс второго сезона', tags: ['анонс', 'сезон'] },
      });
      await expectAdminAction(stack, {
        ...item,
        action: 'updated',
        before: { title: 'Анонс второго сезона', tags: ['анонс', 'сезон'] },
        after: { title: 'Анонс третьего сезона', tags: [] },
      });
      await expectAdminAction(stack, { ...item, action: 'deleted', before: { ...state, title: 'Анонс третьего сезона', tags: [] }, after: null });
    });
  });

  describe('bad input: 400 with a Russian message, nothing stored', () => {
    it.each([
      ['no title', { title: undefined }, 'title'],
      ['a two-letter title', { title: 'Аб' }, 'title'],
      ['a 201-character title', { title: 'я'.repeat(201) }, 'title'],
      ['a number for a title', { title: 42 }, 'title'],
      ['no body', { body: undefined }, 'body'],
      ['a blank body', { body: '   ' }, 'body'],
      ['a body of 100,001 characters', { body: 'я'.repeat(100_001) }, 'body'],
      ['a NUL in the body', { body: '<p>a\u0000b</p>' }, 'body'],
      ['a body with nothing allowed in it', { body: '<script>alert(1)</script><style>p{}</style>' }, 'body'],
      ['a summary of 501 characters', { summary: 'я'.repeat(501) }, 'summary'],
      ['an upper-case slug with spaces', { slug: 'Моя новость' }, 'slug'],
      ['a slug that is an id', { slug: randomUUID() }, 'slug'],
      ['eleven tags', { tags: Array.from({ length: 11 }, (_, index) => `тег${index}`) }, 'tags'],
      ['a 41-character tag', { tags: ['я'.repeat(41)] }, 'tags.0'],
      ['tags as a string', { tags: 'анонс' }, 'tags'],
      ['an anime id of 0', { animeIds: [0] }, 'animeIds.0'],
      ['an unknown title', { animeIds: [999_999_999] }, 'animeIds'],
      ['21 titles', { animeIds: Array.from({ length: 21 }, (_, index) => index + 1) }, 'animeIds'],
      ['status «archived»', { status: 'archived' }, 'status'],
      ['a date without a time', { publishedAt: '2030-01-01' }, 'publishedAt'],
      ['a cover without an id', { cover: { widths: [320] } }, 'cover'],
      ['a cover of an odd width', { cover: { id: randomUUID(), widths: [333] } }, 'cover.widths.0'],
    ])('%s', async (_, change, field) => {
      const before = await stored();
      const res = await post(admin, { title: 'Хорошая новость', body: BODY, ...change });
      expectFieldError(res, field);
      expect(await stored()).toBe(before);
    });

    it('a slug in use is a 409 on create and on edit, and changes nothing', async () => {
      const first = await write({ slug: 'vesna-2026' });
      const second = await write();
      const before = await digest();
      const taken = await post(admin, { title: 'Другая', body: BODY, slug: 'vesna-2026' });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'CONFLICT', message: NEWS_MESSAGES.slugTaken });
      const edit = await stack.api.put(`/api/news/${second.id}`, { slug: first.slug }, auth(admin));
      expect(edit.status).toBe(409);
      expect(await digest()).toBe(before);
    });

    it('an edit with nothing to change, a bad id, a bad page are 400s', async () => {
      const item = await write();
      expectFieldError(await stack.api.put(`/api/news/${item.id}`, {}, auth(admin)), 'title');
      expectFieldError(await stack.api.put('/api/news/not-an-id', { title: 'Новый заголовок' }, auth(admin)), 'id');
      expectFieldError(await stack.api.get('/api/news?page=0'), 'page');
      expectFieldError(await stack.api.get('/api/news?limit=51'), 'limit');
      expectFieldError(await stack.api.get('/api/news?animeId=-1'), 'animeId');
      expectFieldError(await stack.api.get('/api/news/%D0%BF%D1%80%D0%B8%D0%B2%D0%B5%D1%82'), 'idOrSlug');
      expectFieldError(await stack.api.put('/api/admin/news/settings', { autoNews: 'нет' }, auth(admin)), 'autoNews');
    });
  });

  describe('slugs', () => {
    it('are made from the title in Latin, and numbered when taken', async () => {
      const first = await write({ title: 'Тетрадь смерти: Ёж и щука!' });
      const second = await write({ title: 'Тетрадь смерти: ёж и щука' });
      expect(first.slug).toBe('tetrad-smerti-ezh-i-shchuka');
      expect(second.slug).toBe('tetrad-smerti-ezh-i-shchuka-2');
      expect((await one('tetrad-smerti-ezh-i-shchuka-2')).body.data.data.id).toBe(second.id);
      expect((await one(first.id)).body.data.data.slug).toBe(first.slug);
    });

    it('can be set and edited', async () => {
      const item = await write({ slug: 'moya-novost' });
      expect(item.slug).toBe('moya-novost');
      const edited = await stack.api.put(`/api/news/${item.id}`, { slug: 'novaya-novost' }, auth(admin));
      expect(edited.body.data.slug).toBe('novaya-novost');
      expect((await one('novaya-novost')).status).toBe(200);
      expect((await one('moya-novost')).status).toBe(404);
    });
  });

  describe('what each reader sees', () => {
    it('drafts and scheduled items are hidden from guests and users, shown to admins', async () => {
      const published = await write({ title: 'Опубликовано' });
      const draft = await write({ title: 'Черновик', status: 'draft' });
      const scheduled = await write({ title: 'Запланировано', publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
      for (const who of [undefined, user]) {
        expect((await list('', who)).data.map((item) => item.id)).toEqual([published.id]);
        expect((await one(draft.id, who)).status).toBe(404);
        expect((await one(draft.slug, who)).status).toBe(404);
        expect((await one(scheduled.id, who)).status).toBe(404);
        expect((await one(published.slug, who)).body.data.data.id).toBe(published.id);
      }
      const seen = (await list('', admin)).data.map((item) => item.id);
      expect(seen).toEqual([scheduled.id, draft.id, published.id].filter((id) => seen.includes(id)));
      expect(new Set(seen)).toEqual(new Set([published.id, draft.id, scheduled.id]));
      expect((await one(draft.id, admin)).body.data.data.status).toBe('draft');
      // Its time comes: the scheduled item is public from then on.
      await stack.db.query(`UPDATE community.news SET published_at = now() - interval '1 second' WHERE id = $1`, [scheduled.id]);
      expect((await list()).data.map((item) => item.id)).toContain(scheduled.id);
    });

    it('a draft published without a date is published now', async () => {
      const draft = await write({ status: 'draft', publishedAt: '2020-01-01T00:00:00Z' });
      const before = Date.now();
      const res = await stack.api.put(`/api/news/${draft.id}`, { status: 'published' }, auth(admin));
      expect(Date.parse(res.body.data.publishedAt)).toBeGreaterThanOrEqual(before - 5_000);
      expect((await one(draft.id)).status).toBe(200);
    });

    it('lists newest first in pages, filtered by tag and by title', async () => {
      const items: NewsItem[] = [];
      for (let index = 0; index < 5; index++) {
        items.push(
          await write({
            title: `Новость номер ${index}`,
            tags: index % 2 === 0 ? ['анонс'] : ['рецензия'],
            animeIds: index < 2 ? [NARUTO.id] : [ATTACK_ON_TITAN.id],
            publishedAt: new Date(Date.now() - (10 - index) * 60_000).toISOString(),
          }),
        );
      }
      const newestFirst = [...items].reverse().map((item) => item.id);
      const first = await list('?limit=2');
      expect(first.data.map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.meta).toEqual({ page: 1, limit: 2, total: 5, hasMore: true });
      const last = await list('?limit=2&page=3');
      expect(last.data.map((item) => item.id)).toEqual(newestFirst.slice(4));
      expect(last.meta.hasMore).toBe(false);
      expect((await list('?tag=%D0%B0%D0%BD%D0%BE%D0%BD%D1%81')).data.map((item) => item.id)).toEqual([items[4].id, items[2].id, items[0].id]);
      const naruto = await list(`?animeId=${NARUTO.id}`);
      expect(naruto.data.map((item) => item.id)).toEqual([items[1].id, items[0].id]);
      expect(naruto.data[0].anime[0]).toMatchObject({ id: NARUTO.id });
      expect((await list('?tag=nothing')).data).toEqual([]);
    });
  });

  describe('the sanitiser', () => {
    it('keeps the allowlist and removes scripts, handlers, javascript: links, foreign pictures and players', async () => {
      const body = [
        '<h2>Заголовок</h2><h4 onclick="alert(1)">Подзаголовок</h4>',
        '<p>Текст <strong>жирный</strong> <em>курсив</em><br>строка</p>',
        '<ul><li>один</li></ul><ol><li>два</li></ol><blockquote>цитата</blockquote>',
        '<script>document.title="взлом"</script>',
        '<img src="/uploads/news/a1b2-640.webp" alt="кадр" onerror="alert(1)">',
        '<img src="https://evil.example/pixel.png">',
        '<img src="x" onerror="alert(2)">',
        '<a href="javascript:alert(3)">плохая</a>',
        '<a href="https://example.com/page" target="_self" rel="opener" onmouseover="alert(4)">хорошая</a>',
        '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>',
        '<iframe src="https://rutube.ru/play/embed/abc123"></iframe>',
        '<iframe src="https://evil.example/embed/x"></iframe>',
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
        '<div style="color:red"><span>обёртка</span></div>',
        '<svg><script>alert(5)</script></svg>',
      ].join('');
      const item = await write({ body });
      for (const stored of [
        item.body,
        (await one(item.id)).body.data.data.body,
        (await stack.db.query('SELECT body FROM community.news WHERE id = $1', [item.id]))[0].body,
      ]) {
        expect(stored).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|evil\.example|youtube\.com\/embed|style=|<svg|<div|<span/i);
        expect(stored).toContain('<h2>Заголовок</h2>');
        expect(stored).toContain('<h4>Подзаголовок</h4>');
        expect(stored).toContain('<strong>жирный</strong>');
        expect(stored).toContain('<blockquote>цитата</blockquote>');
        expect(stored).toContain('<img src="/uploads/news/a1b2-640.webp" alt="кадр" />');
        expect(stored).toContain('<a href="https://example.com/page" rel="noopener noreferrer nofollow" target="_blank">хорошая</a>');
        expect(stored).toContain('<a>плохая</a>');
        expect(stored).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
        expect(stored).toContain('src="https://rutube.ru/play/embed/abc123"');
        expect(stored).toContain('обёртка');
      }
    });

    it('sanitises an edit too', async () => {
      const item = await write();
      const res = await stack.api.put(`/api/news/${item.id}`, { body: '<p onclick="x()">новое</p><script>alert(1)</script>' }, auth(admin));
      expect(res.body.data.body).toBe('<p>новое</p>');
      expect((await stack.db.query('SELECT body FROM community.news WHERE id = $1', [item.id]))[0].body).toBe('<p>новое</p>');
    });
  });

  describe('covers', () => {
    it('are resized to each width as WebP and served with a long immutable cache', async () => {
      const res = await uploadCover(admin, coverForm(await image(2000, 1000, 'jpeg'), 'photo.jpg', 'image/jpeg'));
      expect(res.status).toBe(201);
      const cover = res.body.data;
      expect(cover.widths).toEqual([...NEWS_COVER_WIDTHS]);
      for (const width of NEWS_COVER_WIDTHS) {
        const file = await fetch(`${stack.gatewayUrl}/uploads/news/${cover.id}-${width}.webp`);
        expect(file.status).toBe(200);
        expect(file.headers.get('cache-control')).toContain('immutable');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
      }
      expect(cover.srcset).toContain(`/uploads/news/${cover.id}-320.webp 320w`);
      const item = await write({ cover: { id: cover.id, widths: cover.widths } });
      expect(item.cover).toEqual(cover);
    });

    it('a small picture is not stored wider than it is (the smallest width always is)', async () => {
      const res = await uploadCover(admin, coverForm(await image(700, 400)));
      expect(res.body.data.widths).toEqual([320, 640]);
    });

    it('a renamed non-image, an empty form and a JSON body are refused', async () => {
      const fake = await uploadCover(admin, coverForm(Buffer.from('<?php echo "hi"; ?>'.repeat(20)), 'cover.png', 'image/png'));
      expectFieldError(fake, 'file');
      expect(fake.body.message).toBe(NEWS_MESSAGES.coverType);
      const truncated = await uploadCover(admin, coverForm(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')));
      expectFieldError(truncated, 'file');
      expectFieldError(await uploadCover(admin, new FormData()), 'file');
      expect((await stack.api.post('/api/admin/news/covers', { file: 'x' }, auth(admin))).status).toBe(400);
    });
  });

  describe('comments on news', () => {
    const commentOn = (id: string, who: RegisteredUser | undefined, body: unknown) => stack.api.post(`/api/news/${id}/comments`, body, auth(who));

    it('a published item takes comments and replies, listed under it; drafts and scheduled ones do not', async () => {
      const item = await write();
      const posted = await commentOn(item.id, user, { content: 'Отличная новость!' });
      expect(posted.status).toBe(201);
      expect(posted.body.data).toMatchObject({ target: { type: 'news', id: item.id }, animeId: null, content: 'Отличная новость!' });
      const reply = await commentOn(item.id, admin, { content: 'Спасибо!', parentId: posted.body.data.id });
      expect(reply.status).toBe(201);
      const threads = await stack.api.get(`/api/news/${item.id}/comments`);
      expect(threads.status).toBe(200);
      expect(
        threads.body.data.items.map((thread: { id: string; children: Array<{ id: string }> }) => [thread.id, thread.children.map((child) => child.id)]),
      ).toEqual([[posted.body.data.id, [reply.body.data.id]]]);

      const draft = await write({ status: 'draft' });
      const scheduled = await write({ publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
      const before = await countComments();
      for (const hidden of [draft.id, scheduled.id, randomUUID()]) {
        const refused = await commentOn(hidden, user, { content: 'Можно?' });
        expect(refused.status).toBe(404);
        expect(refused.body).toMatchObject({ code: 'NOT_FOUND', message: NEWS_MESSAGES.notFound });
        expect((await stack.api.get(`/api/news/${hidden}/comments`)).status).toBe(404);
      }
      expect(await countComments()).toBe(before);
    });

    it('needs a signed-in user and a text; a reply must belong to the same item', async () => {
      const item = await write();
      const other = await write();
      const before = await countComments();
      expect((await commentOn(item.id, undefined, { content: 'Гость' })).status).toBe(401);
      expectFieldError(await commentOn(item.id, user, { content: '   ' }), 'content');
      expectFieldError(await commentOn('not-an-id', user, { content: 'Текст' }), 'id');
      // Fresh authors: one user may comment only every few seconds.
      const elsewhere = await commentOn(other.id, await stack.user(), { content: 'Там' });
      expect(elsewhere.status).toBe(201);
      expectFieldError(await commentOn(item.id, await stack.user(), { content: 'Ответ', parentId: elsewhere.body.data.id }), 'parentId');
      expect(await countComments()).toBe(before + 1);
    });
  });

  describe('automatic news', () => {
    /** Queues an event for the community as the outbox relay would (a second call: a redelivery). */
    const deliver = async (payload: EventPayload<'catalogue.episodes.added'>) => {
      const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const queue = new Queue(EVENT_QUEUE_OF.community, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
      try {
        const job = await queue.add('catalogue.episodes.added', payload, { jobId: `test-${randomUUID()}` });
        return await waitFor(
          async () => {
            const state = await queue.getJobState(job.id!);
            return state === 'completed' || state === 'failed' ? state : undefined;
          },
          15_000,
          50,
        );
      } finally {
        await queue.close();
        connection.disconnect();
      }
    };
    const event = (episodes: number[], animeId = DEATH_NOTE.id): EventPayload<'catalogue.episodes.added'> => ({
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      animeId,
      title: 'Тетрадь смерти',
      episodes,
    });

    it('publishes one item per new episode, once, even when delivered twice or announced again', async () => {
      const first = event([1, 2]);
      expect(await deliver(first)).toBe('completed');
      expect(await deliver(first)).toBe('completed');
      expect(await deliver(event([2, 3]))).toBe('completed');
      const items = (await list()).data;
      expect(items.map((item) => item.title).sort()).toEqual([
        'Вышла 1 серия «Тетрадь смерти»',
        'Вышла 2 серия «Тетрадь смерти»',
        'Вышла 3 серия «Тетрадь смерти»',
      ]);
      for (const item of items) expect(item).toMatchObject({ automatic: true, author: null, status: 'published', animeIds: [DEATH_NOTE.id] });
      expect(new Set(items.map((item) => item.slug)).size).toBe(3);
    });

    it('tells everyone watching the title, once per announcement; planned, completed and other titles are not told', async () => {
      const [watching, planning, other] = [await stack.user(), await stack.user(), await stack.user()];
      const listed = async (who: RegisteredUser, animeId: number, status: string) =>
        expect((await stack.api.put('/api/users/anime/status', { animeId, status }, auth(who))).status).toBe(200);
      await listed(watching, NARUTO.id, 'watching');
      await listed(planning, NARUTO.id, 'planned');
      await listed(other, ATTACK_ON_TITAN.id, 'watching');
      const episodeNotices = async (who: RegisteredUser) => {
        const res = await stack.api.get('/api/notifications', auth(who));
        expect(res.status).toBe(200);
        return (res.body.data.items as NotificationItem[]).filter((item) => item.kind === 'episode.released');
      };
      const announced = { ...event([5, 4], NARUTO.id), title: 'Наруто' };
      expect(await deliver(announced)).toBe('completed');
      expect(await deliver(announced)).toBe('completed');
      const told = await waitFor(
        async () => {
          const items = await episodeNotices(watching);
          return items.length > 0 ? items : undefined;
        },
        10_000,
        100,
      );
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ text: 'Вышли новые серии «Наруто»: 4, 5', target: { type: 'episode', animeId: NARUTO.id, episodes: [4, 5] } });
      expect(await episodeNotices(planning)).toEqual([]);
      expect(await episodeNotices(other)).toEqual([]);
    });

    it('publishes nothing while admins have turned it off', async () => {
      const off = await stack.api.put('/api/admin/news/settings', { autoNews: false }, auth(admin));
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ autoNews: false });
      expect((await stack.api.get('/api/admin/news/settings', auth(admin))).body.data).toEqual({ autoNews: false });
      const turnedOff = { target: 'news-settings', targetId: 'settings', action: 'updated', actorId: admin.id, subjectUserId: null } as const;
      await expectAdminAction(stack, { ...turnedOff, before: { autoNews: true }, after: { autoNews: false } });
      expect(await deliver(event([7]))).toBe('completed');
      expect(await stored()).toBe(0);
      await stack.api.put('/api/admin/news/settings', { autoNews: true }, auth(admin));
      expect(await deliver(event([8]))).toBe('completed');
      expect((await list()).data.map((item) => item.title)).toEqual(['Вышла 8 серия «Тетрадь смерти»']);
    });
  });
});

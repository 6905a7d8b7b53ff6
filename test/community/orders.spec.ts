import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { EVENT_QUEUE_OF, type EventPayload, ORDER_MESSAGES, ORDER_OPEN_LIMIT, type OrderCreateResult, type OrderItem } from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { adminActionsOn, type CommunityStack, expectAdminAction, expectFieldError, startCommunityStack, unseenTitles } from './community-test-kit';

/**
 * The order desk through the gateway (docs/community.md, «Order desk»), against the real services,
 * PostgreSQL and Redis. Each test asks with users of its own (at most 5 open requests each) and for
 * titles of its own.
 */
describe('orders', () => {
  let stack: CommunityStack;
  let admin: RegisteredUser;
  /** Catalogue titles without episodes on the portal, handed out one per use. */
  let spare: number[] = [];
  const auth = (user?: RegisteredUser) => (user ? { token: user.token } : undefined);
  const nextTitle = () => {
    const id = spare.shift();
    if (id === undefined) throw new Error('out of spare titles');
    return id;
  };
  const name = (prefix = 'Заказ') => `${prefix} ${randomUUID().slice(0, 8)}`;
  const post = (user: RegisteredUser | undefined, body: unknown) => stack.api.post('/api/orders', body, auth(user));
  /** Posts and expects 201 or 200: what the desk did. */
  const order = async (user: RegisteredUser, body: Record<string, unknown>): Promise<OrderCreateResult> => {
    const res = await post(user, body);
    if (res.status !== 201 && res.status !== 200) throw new Error(`POST /api/orders → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const created = async (user: RegisteredUser, body: Record<string, unknown> = { title: name() }): Promise<OrderItem> => {
    const result = await order(user, body);
    expect(result.outcome).toBe('created');
    return result.order as OrderItem;
  };
  const setStatus = (id: string, body: unknown, user: RegisteredUser | undefined = admin) => stack.api.put(`/api/orders/${id}/status`, body, auth(user));
  const vote = (id: string, user?: RegisteredUser) => stack.api.post(`/api/orders/${id}/vote`, undefined, auth(user));
  const unvote = (id: string, user?: RegisteredUser) => stack.api.delete(`/api/orders/${id}/vote`, auth(user));
  const list = async (query = '', user?: RegisteredUser): Promise<{ items: OrderItem[]; total: number; page: number }> => {
    const res = await stack.api.get(`/api/orders${query}`, auth(user));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const state = async () =>
    JSON.stringify(
      await stack.db.query(
        `SELECT (SELECT json_agg(o ORDER BY id) FROM community.orders o) AS orders, (SELECT json_agg(v ORDER BY order_id, user_id) FROM community.order_votes v) AS votes`,
      ),
    );
  const stored = async (id: string) => (await stack.db.query('SELECT status, votes, anime_id FROM community.orders WHERE id = $1', [id]))[0];
  const notificationsOf = async (user: RegisteredUser) => (await stack.api.get('/api/notifications', auth(user))).body.data.items;
  const entryOf = async (user: RegisteredUser, animeId: number) =>
    (await stack.db.query('SELECT status FROM community.list_entries WHERE user_id = $1 AND anime_id = $2', [user.id, animeId]))[0]?.status ?? null;
  const moveTo = async (id: string, statuses: string[], extra: Record<string, unknown> = {}) => {
    for (const status of statuses) {
      const res = await setStatus(id, { status, ...(status === 'released' ? extra : {}) });
      if (res.status !== 200) throw new Error(`status ${status} → ${res.status} ${JSON.stringify(res.body)}`);
    }
  };

  beforeAll(async () => {
    stack = await startCommunityStack('orders');
    admin = await stack.admin();
    const titles = await unseenTitles(stack, 60);
    const withEpisodes = new Set(
      (await stack.db.query('SELECT DISTINCT anime_id FROM catalogue.episodes WHERE anime_id = ANY($1::int[])', [titles.map((title) => title.id)])).map((row) =>
        Number(row.anime_id),
      ),
    );
    spare = titles.map((title) => title.id).filter((id) => !withEpisodes.has(id));
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('asking', () => {
    it('creates a request by catalogue id with the catalogue’s name, the author’s vote counted', async () => {
      const user = await stack.user();
      const animeId = nextTitle();
      const result = await order(user, { animeId, note: '  Хочу в озвучке  ' });
      expect(result).toMatchObject({ outcome: 'created', message: ORDER_MESSAGES.created, duplicateOf: null, available: null });
      const [catalogue] = await stack.db.query('SELECT title FROM catalogue.anime WHERE id = $1', [animeId]);
      expect(result.order).toMatchObject({ animeId, title: catalogue.title, note: 'Хочу в озвучке', status: 'requested', votes: 1, voted: true, mine: true });
      expect(await stored(result.order!.id)).toEqual({ status: 'requested', votes: 1, anime_id: animeId });
    });

    it('creates a request by a typed name when the catalogue lacks the title', async () => {
      const user = await stack.user();
      const title = name('Неизвестное аниме');
      const made = await created(user, { title: `  ${title.replace(' ', '   ')} ` });
      expect(made).toMatchObject({ animeId: null, title, note: '', status: 'requested', votes: 1 });
    });

    it('turns a duplicate of an open request (same id, or the same name in another spelling) into a vote', async () => {
      const [first, second, third] = [await stack.user(), await stack.user(), await stack.user()];
      const animeId = nextTitle();
      const original = await created(first, { animeId });
      const again = await order(second, { animeId, note: 'тоже хочу' });
      expect(again).toMatchObject({ outcome: 'voted', message: ORDER_MESSAGES.duplicate, duplicateOf: original.id });
      expect(again.order).toMatchObject({ id: original.id, votes: 2, voted: true, mine: false });

      const title = name('Тётрадь');
      const typed = await created(first, { title });
      const respelled = await order(third, { title: `  ${title.toUpperCase().replace('Ё', 'Е')}!  ` });
      expect(respelled).toMatchObject({ outcome: 'voted', duplicateOf: typed.id });
      // The same user asking again changes nothing: still one vote each.
      const repeated = await order(second, { animeId });
      expect(repeated.order!.votes).toBe(2);
      expect(await stored(original.id)).toMatchObject({ votes: 2 });
      expect(Number((await stack.db.query('SELECT count(*) AS n FROM community.orders WHERE anime_id = $1', [animeId]))[0].n)).toBe(1);
    });

    it('takes a typed name that is exactly a catalogue title’s for that title (duplicates by id, episodes checked)', async () => {
      const [first, second] = [await stack.user(), await stack.user()];
      const animeId = nextTitle();
      const [catalogue] = await stack.db.query('SELECT title FROM catalogue.anime WHERE id = $1', [animeId]);
      const typed = await created(first, { title: ` ${String(catalogue.title).toUpperCase()} ` });
      expect(typed).toMatchObject({ animeId, title: catalogue.title });
      expect(await order(second, { animeId })).toMatchObject({ outcome: 'voted', duplicateOf: typed.id });

      const playable = nextTitle();
      const [named] = await stack.db.query('SELECT title FROM catalogue.anime WHERE id = $1', [playable]);
      await stack.db.query(`INSERT INTO catalogue.episodes (anime_id, number, hls_url, origin) VALUES ($1, 1, '/media/test/1.m3u8', 'samples')`, [playable]);
      expect(await order(first, { title: named.title })).toMatchObject({ outcome: 'available', available: { animeId: playable } });
    });

    it('makes one request of concurrent duplicates, each asker’s vote counted', async () => {
      const users = await Promise.all([stack.user(), stack.user(), stack.user(), stack.user()]);
      const title = name('Гонка');
      const results = await Promise.all(users.map((user, index) => order(user, { title: index % 2 ? title.toUpperCase() : title })));
      expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
      expect(new Set(results.map((result) => result.order!.id)).size).toBe(1);
      expect(await stored(results[0].order!.id)).toMatchObject({ votes: 4 });
    });

    it('keeps the open limit under concurrent requests of one user', async () => {
      const user = await stack.user();
      const answers = await Promise.all(Array.from({ length: ORDER_OPEN_LIMIT + 3 }, () => post(user, { title: name() })));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(ORDER_OPEN_LIMIT);
      expect(answers.filter((res) => res.status === 400)).toHaveLength(3);
      const [open] = await stack.db.query(`SELECT count(*)::int AS n FROM community.orders WHERE author_id = $1`, [user.id]);
      expect(open.n).toBe(ORDER_OPEN_LIMIT);
    });

    it('answers a title that already has episodes on the portal with a link, storing nothing', async () => {
      const user = await stack.user();
      const animeId = nextTitle();
      await stack.db.query(`INSERT INTO catalogue.episodes (anime_id, number, hls_url, origin) VALUES ($1, 1, '/media/test/1.m3u8', 'samples')`, [animeId]);
      const before = await state();
      const result = await order(user, { animeId });
      expect(result).toMatchObject({ outcome: 'available', message: ORDER_MESSAGES.available, order: null, available: { animeId, url: `/anime/${animeId}` } });
      expect(await state()).toBe(before);
    });

    it('refuses a sixth open request with a Russian message, while voting for duplicates still works', async () => {
      const user = await stack.user();
      const mine: OrderItem[] = [];
      for (let index = 0; index < ORDER_OPEN_LIMIT; index++) mine.push(await created(user));
      const before = await state();
      const refused = await post(user, { title: name() });
      expectFieldError(refused, 'orders');
      expect(refused.body.message).toBe(ORDER_MESSAGES.openLimit);
      expect(await state()).toBe(before);
      // A duplicate is a vote, not a new request.
      const other = await created(await stack.user());
      expect((await order(user, { title: other.title })).outcome).toBe('voted');
      // A closed request no longer counts.
      expect((await setStatus(mine[0].id, { status: 'rejected', reason: 'Нет лицензии' })).status).toBe(200);
      expect((await post(user, { title: name() })).status).toBe(201);
    });

    it('refuses bad input with a Russian message and a machine code, changing nothing', async () => {
      const user = await stack.user();
      const before = await state();
      expectFieldError(await post(user, {}), 'animeId');
      expectFieldError(await post(user, { title: 'А' }), 'title');
      expectFieldError(await post(user, { title: 'Я'.repeat(201) }), 'title');
      expectFieldError(await post(user, { title: '   ' }), 'title');
      expectFieldError(await post(user, { title: 42 }), 'title');
      expectFieldError(await post(user, { title: 'Нуль\u0000' }), 'title');
      expectFieldError(await post(user, { animeId: 0 }), 'animeId');
      expectFieldError(await post(user, { animeId: 'abc' }), 'animeId');
      expectFieldError(await post(user, { animeId: 999_999_999 }), 'animeId');
      expectFieldError(await post(user, { animeId: nextTitle(), title: 'Оба сразу' }), 'title');
      expectFieldError(await post(user, { title: name(), note: 'я'.repeat(1001) }), 'note');
      expectFieldError(await post(user, { title: name(), note: { html: true } }), 'note');
      const guest = await post(undefined, { title: name() });
      expect(guest.status).toBe(401);
      expect(guest.body.message).toMatch(/[а-яА-Я]/);
      expect(await state()).toBe(before);
    });

    it('keeps a note as plain text', async () => {
      const made = await created(await stack.user(), { title: name(), note: '<script>alert(1)</script> & <b>жирный</b>' });
      expect(made.note).toBe('<script>alert(1)</script> & <b>жирный</b>');
    });
  });

  describe('votes', () => {
    it('one vote per user: voting twice or withdrawing twice changes nothing more', async () => {
      const [author, voter] = [await stack.user(), await stack.user()];
      const made = await created(author);
      const first = await vote(made.id, voter);
      expect(first.status).toBe(201);
      expect(first.body.data).toEqual({ id: made.id, votes: 2, voted: true });
      expect((await vote(made.id, voter)).body.data).toEqual({ id: made.id, votes: 2, voted: true });
      expect((await list('?sort=date', voter)).items.find((item) => item.id === made.id)).toMatchObject({ voted: true, votes: 2, mine: false });
      expect((await unvote(made.id, voter)).body.data).toEqual({ id: made.id, votes: 1, voted: false });
      expect((await unvote(made.id, voter)).body.data).toEqual({ id: made.id, votes: 1, voted: false });
      // The author may take theirs back too.
      expect((await unvote(made.id, author)).body.data).toEqual({ id: made.id, votes: 0, voted: false });
      expect(await stored(made.id)).toMatchObject({ votes: 0 });
      expect((await list('?sort=date')).items.find((item) => item.id === made.id)).toMatchObject({ voted: false, mine: false });
    });

    it('refuses guests, unknown and closed requests, and bad ids', async () => {
      const made = await created(await stack.user());
      const voter = await stack.user();
      expect((await vote(made.id)).status).toBe(401);
      expect((await unvote(made.id)).status).toBe(401);
      const missing = await vote(randomUUID(), voter);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(ORDER_MESSAGES.notFound);
      expectFieldError(await vote('not-a-uuid', voter), 'id');
      expect((await setStatus(made.id, { status: 'rejected', reason: 'Дубль' })).status).toBe(200);
      const closed = await vote(made.id, voter);
      expect(closed.status).toBe(409);
      expect(closed.body).toMatchObject({ code: 'CONFLICT', message: ORDER_MESSAGES.closed });
      expect((await unvote(made.id, voter)).status).toBe(409);
      expect(await stored(made.id)).toMatchObject({ votes: 1 });
    });
  });

  describe('list', () => {
    it('sorts by votes or date, filters by status and pages', async () => {
      const tag = name('Список');
      const users = [await stack.user(), await stack.user(), await stack.user()];
      const a = await created(users[0], { title: `${tag} А` });
      const b = await created(users[1], { title: `${tag} Б` });
      const c = await created(users[2], { title: `${tag} В` });
      await vote(a.id, users[1]);
      await vote(a.id, users[2]);
      await vote(c.id, users[0]);
      await setStatus(b.id, { status: 'accepted' });
      const ours = (items: OrderItem[]) => items.filter((item) => item.title.startsWith(tag)).map((item) => item.title);

      const byVotes = await list('?sort=votes&status=requested');
      expect(ours(byVotes.items)).toEqual([`${tag} А`, `${tag} В`]);
      for (let index = 1; index < byVotes.items.length; index++) expect(byVotes.items[index - 1].votes).toBeGreaterThanOrEqual(byVotes.items[index].votes);
      const byDate = await list('?sort=date');
      expect(ours(byDate.items)).toEqual([`${tag} В`, `${tag} Б`, `${tag} А`]);
      expect((await list()).items.map((item) => item.id)).toEqual((await list('?sort=votes')).items.map((item) => item.id));
      const accepted = await list('?status=accepted');
      expect(accepted.items.every((item) => item.status === 'accepted')).toBe(true);
      expect(ours(accepted.items)).toEqual([`${tag} Б`]);
      const [count] = await stack.db.query(`SELECT count(*)::int AS n FROM community.orders WHERE status = 'accepted'`);
      expect(accepted.total).toBe(count.n);
      expect((await list('?page=999')).items).toEqual([]);
      expectFieldError(await stack.api.get('/api/orders?status=done'), 'status');
      expectFieldError(await stack.api.get('/api/orders?sort=random'), 'sort');
      expectFieldError(await stack.api.get('/api/orders?page=0'), 'page');
      expectFieldError(await stack.api.get('/api/orders?page=x'), 'page');
    });
  });

  describe('status', () => {
    it('guests get 401, users 403, admins move a request one allowed step at a time, each step one admin action', async () => {
      const author = await stack.user();
      const made = await created(author);
      const guest = await stack.api.put(`/api/orders/${made.id}/status`, { status: 'accepted' });
      expect(guest.status).toBe(401);
      expect(guest.body.message).toMatch(/[а-яА-Я]/);
      const forbidden = await setStatus(made.id, { status: 'accepted' }, author);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toMatch(/[а-яА-Я]/);
      expect(await stored(made.id)).toMatchObject({ status: 'requested' });

      const before = await state();
      for (const status of ['requested', 'in_progress', 'released']) {
        const refused = await setStatus(made.id, { status });
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'CONFLICT', message: ORDER_MESSAGES.transition });
      }
      expect(await state()).toBe(before);
      const accepted = await setStatus(made.id, { status: 'accepted' });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({ id: made.id, status: 'accepted', rejectionReason: null });
      expect((await setStatus(made.id, { status: 'accepted' })).status).toBe(409);
      expect((await setStatus(made.id, { status: 'in_progress' })).status).toBe(200);
      const rejected = await setStatus(made.id, { status: 'rejected', reason: '  Нет прав на показ ' });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Нет прав на показ' });
      for (const status of ['requested', 'accepted', 'in_progress', 'released']) expect((await setStatus(made.id, { status })).status).toBe(409);
      expect((await setStatus(made.id, { status: 'rejected', reason: 'снова' })).status).toBe(409);

      const step = { target: 'order', targetId: made.id, actorId: admin.id, subjectUserId: author.id } as const;
      expect((await adminActionsOn(stack, 'order', made.id)).map((action) => action.action)).toEqual(['accepted', 'in-progress', 'rejected']);
      await expectAdminAction(stack, { ...step, action: 'accepted', before: { status: 'requested' }, after: { status: 'accepted' } });
      await expectAdminAction(stack, { ...step, action: 'in-progress', before: { status: 'accepted' }, after: { status: 'in_progress' } });
      await expectAdminAction(stack, {
        ...step,
        action: 'rejected',
        before: { status: 'in_progress', reason: null },
        after: { status: 'rejected', reason: 'Нет прав на показ' },
      });
    });

    it('refuses bad status bodies and unknown requests', async () => {
      const made = await created(await stack.user());
      const before = await state();
      expectFieldError(await setStatus(made.id, { status: 'done' }), 'status');
      expectFieldError(await setStatus(made.id, {}), 'status');
      expectFieldError(await setStatus(made.id, { status: 'rejected' }), 'reason');
      expectFieldError(await setStatus(made.id, { status: 'rejected', reason: '   ' }), 'reason');
      expectFieldError(await setStatus(made.id, { status: 'rejected', reason: 'я'.repeat(501) }), 'reason');
      expectFieldError(await setStatus(made.id, { status: 'accepted', reason: 'зачем' }), 'reason');
      expectFieldError(await setStatus(made.id, { status: 'accepted', animeId: 999_999_999 }), 'animeId');
      expectFieldError(await setStatus('nope', { status: 'accepted' }), 'id');
      const missing = randomUUID();
      expect((await setStatus(missing, { status: 'accepted' })).status).toBe(404);
      expect(await state()).toBe(before);
      expect(await adminActionsOn(stack, 'order', made.id)).toEqual([]);
      expect(await adminActionsOn(stack, 'order', missing)).toEqual([]);
    });

    it('releases a typed request only once it is linked to a catalogue title', async () => {
      const made = await created(await stack.user(), { title: name('Без каталога') });
      await moveTo(made.id, ['accepted', 'in_progress']);
      expectFieldError(await setStatus(made.id, { status: 'released' }), 'animeId');
      expect(await stored(made.id)).toMatchObject({ status: 'in_progress', anime_id: null });
      const animeId = nextTitle();
      const released = await setStatus(made.id, { status: 'released', animeId });
      expect(released.status).toBe(200);
      expect(released.body.data).toMatchObject({ status: 'released', animeId });
      await expectAdminAction(stack, {
        target: 'order',
        targetId: made.id,
        action: 'released',
        actorId: admin.id,
        subjectUserId: made.author.id,
        before: { status: 'in_progress', animeId: null, title: made.title },
        after: { status: 'released', animeId, title: released.body.data.title },
      });
    });
  });

  describe('release', () => {
    /** Queues an event for the community as the outbox relay would (a second call: a redelivery). */
    const deliver = async (payload: EventPayload<'community.order.released'>) => {
      const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
      const queue = new Queue(EVENT_QUEUE_OF.community, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
      try {
        const job = await queue.add('community.order.released', payload, { jobId: `test-${randomUUID()}` });
        return await waitFor(
          async () => {
            const jobState = await queue.getJobState(job.id!);
            return jobState === 'completed' || jobState === 'failed' ? jobState : undefined;
          },
          15_000,
          50,
        );
      } finally {
        await queue.close();
        connection.disconnect();
      }
    };

    it('tells every voter and puts the title in their «Запланировано» exactly once, keeping an existing status', async () => {
      const [author, fan, watcher, quitter] = [await stack.user(), await stack.user(), await stack.user(), await stack.user()];
      const animeId = nextTitle();
      const made = await created(author, { animeId });
      await vote(made.id, fan);
      await vote(made.id, watcher);
      await vote(made.id, quitter);
      await unvote(made.id, quitter);
      expect((await stack.api.put('/api/users/anime/status', { animeId, status: 'watching' }, auth(watcher))).status).toBe(200);
      await moveTo(made.id, ['accepted', 'in_progress', 'released']);

      const events: Array<{ payload: EventPayload<'community.order.released'> }> = await stack.db.query(
        `SELECT payload FROM community.outbox WHERE event_name = 'community.order.released' AND payload->>'orderId' = $1`,
        [made.id],
      );
      expect(events).toHaveLength(1);
      const told = async (user: RegisteredUser) =>
        (await notificationsOf(user)).filter(
          (item: { kind: string; target: { orderId?: string } }) => item.kind === 'order.released' && item.target.orderId === made.id,
        );
      await waitFor(
        async () => ((await told(author)).length === 1 && (await told(fan)).length === 1 && (await told(watcher)).length === 1) || undefined,
        15_000,
      );
      expect((await told(author))[0].text).toContain('Запланировано');
      expect(await entryOf(author, animeId)).toBe('planned');
      expect(await entryOf(fan, animeId)).toBe('planned');
      expect(await entryOf(watcher, animeId)).toBe('watching');
      expect(await entryOf(quitter, animeId)).toBeNull();
      expect(await told(quitter)).toHaveLength(0);
      const planned = await stack.api.get('/api/users/anime?status=planned', auth(fan));
      expect(planned.body.data.items.map((entry: { animeId: number }) => entry.animeId)).toEqual([animeId]);

      // The same event again (a redelivery): nothing more.
      expect(await deliver(events[0].payload)).toBe('completed');
      for (const user of [author, fan, watcher]) expect(await told(user)).toHaveLength(1);
      const [entries] = await stack.db.query('SELECT count(*)::int AS n FROM community.list_entries WHERE anime_id = $1', [animeId]);
      expect(entries.n).toBe(3);
      // Votes are frozen once released.
      expect((await vote(made.id, quitter)).status).toBe(409);
    });
  });
});

import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { EVENT_QUEUE_OF, type EventData, type EventName, type EventPayload, NOTIFICATIONS_NAMESPACE, type NotificationItem } from '@portal/contracts';
import { bullPrefix, OutboxPublisher } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { type CommunityStack, expectFieldError, startCommunityStack } from './community-test-kit';

/**
 * In-app notifications (docs/community.md, «Notifications»). The comment events are published
 * through the community's own outbox, as the comments feature does, so these tests drive the
 * notifications without depending on the comments API.
 */
describe('in-app notifications', () => {
  let stack: CommunityStack;
  const sockets: Socket[] = [];
  const auth = (user: RegisteredUser) => ({ token: user.token });

  beforeAll(async () => {
    stack = await startCommunityStack('notif');
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await stack?.close();
  });

  /** Publishes an event in a transaction of the community service, as a feature of it would. */
  const publish = async <E extends EventName>(name: E, data: EventData<E>): Promise<EventPayload<E>> => {
    const outbox = stack.community.app.get(OutboxPublisher);
    const payload = await stack.community.app.get(DataSource).transaction((manager) => outbox.publish(manager, name, data));
    outbox.afterCommit();
    return payload;
  };
  /** Queues the same event again under another job id, as a redelivery would; resolves with the job's end state. */
  const redeliver = async <E extends EventName>(name: E, payload: EventPayload<E>) => {
    const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const queue = new Queue(EVENT_QUEUE_OF.community, { connection, prefix: bullPrefix(stack.env.REDIS_KEY_PREFIX as string) });
    try {
      const job = await queue.add(name, payload, { jobId: `redelivery-${randomUUID()}` });
      return await waitFor(
        async () => {
          const state = await queue.getJobState(job.id!);
          return state === 'completed' || state === 'failed' ? state : undefined;
        },
        10_000,
        50,
      );
    } finally {
      await queue.close();
      connection.disconnect();
    }
  };
  /** Resolves once the community has applied the event (its idempotency record is there). */
  const applied = (eventId: string) =>
    waitFor(async () => (await stack.db.query('SELECT 1 FROM community.processed_events WHERE event_id = $1', [eventId])).length > 0, 15_000, 50);

  const comment = (author: RegisteredUser, overrides: Partial<EventData<'community.comment.posted'>> = {}): EventData<'community.comment.posted'> => ({
    commentId: randomUUID(),
    targetType: 'anime',
    targetId: '20',
    authorId: author.id,
    authorUsername: author.username,
    excerpt: 'Отличная серия!',
    parentId: null,
    parentAuthorId: null,
    ...overrides,
  });
  const reply = (author: RegisteredUser, parent: EventData<'community.comment.posted'>, excerpt = 'Согласен') =>
    publish('community.comment.posted', comment(author, { parentId: parent.commentId, parentAuthorId: parent.authorId, excerpt }));
  const like = (liker: RegisteredUser, liked: EventData<'community.comment.posted'>) =>
    publish('community.comment.liked', {
      commentId: liked.commentId,
      targetType: liked.targetType,
      targetId: liked.targetId,
      authorId: liked.authorId,
      authorUsername: liked.authorUsername,
      excerpt: liked.excerpt,
      likerId: liker.id,
      likerUsername: liker.username,
    });

  const list = async (user: RegisteredUser, query = '') => {
    const res = await stack.api.get(`/api/notifications${query}`, auth(user));
    expect(res.status).toBe(200);
    return res.body.data as { items: NotificationItem[]; nextCursor: string | null; unread: number };
  };
  const unreadOf = async (user: RegisteredUser) => {
    const res = await stack.api.get('/api/notifications/unread-count', auth(user));
    expect(res.status).toBe(200);
    return res.body.data.unread as number;
  };
  const rowsOf = (user: RegisteredUser) =>
    stack.db.query('SELECT id, kind, group_key, actor_count, read_at FROM community.notifications WHERE user_id = $1 ORDER BY created_at', [user.id]);
  const read = (user: RegisteredUser, body: unknown) => stack.api.post('/api/notifications/read', body, auth(user));

  describe('access', () => {
    it.each([
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read'],
    ])('%s %s needs a signed-in user', async (method, path) => {
      const res = method === 'GET' ? await stack.api.get(path) : await stack.api.post(path, { all: true });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });

    it('documents the routes with their schemas in the OpenAPI document (which the edge fuzz test reads)', async () => {
      const doc = (await stack.api.get('/api/docs.json')).body as { paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>> };
      expect(Object.keys(doc.paths['/api/notifications'])).toEqual(['get']);
      expect(doc.paths['/api/notifications'].get.parameters?.map((parameter) => parameter.name).sort()).toEqual(['cursor', 'limit', 'unread']);
      expect(doc.paths['/api/notifications/unread-count']).toHaveProperty('get');
      expect(doc.paths['/api/notifications/read']).toHaveProperty('post');
    });

    it('refuses a forged token', async () => {
      const user = await stack.user();
      expect((await stack.api.get('/api/notifications', { token: `${user.token}x` })).status).toBe(401);
    });
  });

  describe('replies', () => {
    it('tells the author of a comment that someone replied, with the reply and a Russian text', async () => {
      const [anna, boris] = [await stack.user(), await stack.user()];
      const parent = comment(anna);
      const event = await reply(boris, parent, 'Не согласен <script>alert(1)</script>');
      const page = await waitFor(async () => {
        const current = await list(anna);
        return current.items.length > 0 ? current : null;
      });
      expect(page).toEqual({
        items: [
          {
            id: expect.any(String),
            kind: 'comment.reply',
            actors: [{ id: boris.id, username: boris.username }],
            actorCount: 1,
            target: {
              type: 'comment',
              commentId: event.commentId,
              parentId: parent.commentId,
              targetType: 'anime',
              targetId: '20',
              excerpt: 'Не согласен <script>alert(1)</script>',
            },
            text: `${boris.username} ответил на ваш комментарий`,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            read: false,
          },
        ],
        nextCursor: null,
        unread: 1,
      });
      expect(await unreadOf(anna)).toBe(1);
      // The replier is told nothing.
      expect(await list(boris)).toEqual({ items: [], nextCursor: null, unread: 0 });
    });

    it('never tells users of their own action: a reply to one’s own comment, a like of one’s own, a new thread', async () => {
      const anna = await stack.user();
      const own = comment(anna);
      const events = [await publish('community.comment.posted', own), await reply(anna, own), await like(anna, own)];
      for (const event of events) await applied(event.eventId);
      expect(await rowsOf(anna)).toEqual([]);
      expect(await unreadOf(anna)).toBe(0);
    });

    it('stores a redelivered event (same event id) only once', async () => {
      const [anna, boris] = [await stack.user(), await stack.user()];
      const event = await reply(boris, comment(anna));
      await applied(event.eventId);
      expect(await redeliver('community.comment.posted', event)).toBe('completed');
      expect(await rowsOf(anna)).toHaveLength(1);
      expect(await unreadOf(anna)).toBe(1);
    });
  });

  describe('likes, grouped', () => {
    it('merges the likes of one comment into one unread notification with a count, the latest liker first', async () => {
      const [anna, boris, vera, gleb] = [await stack.user(), await stack.user(), await stack.user(), await stack.user()];
      const liked = comment(anna);

      const first = await like(boris, liked);
      await applied(first.eventId);
      let [item] = (await list(anna)).items;
      expect(item).toMatchObject({ kind: 'comment.like', actorCount: 1, text: `${boris.username} оценил ваш комментарий`, read: false });
      expect(item.target).toEqual({ type: 'comment', commentId: liked.commentId, targetType: 'anime', targetId: '20', excerpt: liked.excerpt });

      const second = await like(vera, liked);
      await applied(second.eventId);
      [item] = (await list(anna)).items;
      expect(item).toMatchObject({ actorCount: 2, text: `${vera.username} и ${boris.username} оценили ваш комментарий` });
      expect(item.actors.map((actor) => actor.username)).toEqual([vera.username, boris.username]);

      const third = await like(gleb, liked);
      await applied(third.eventId);
      const page = await list(anna);
      expect(page.items).toHaveLength(1);
      expect(page.unread).toBe(1);
      expect(page.items[0]).toMatchObject({ id: item.id, actorCount: 3, text: `${gleb.username} и ещё 2 оценили ваш комментарий` });
      expect(page.items[0].actors.map((actor) => actor.username)).toEqual([gleb.username, vera.username, boris.username]);
      expect(Date.parse(page.items[0].updatedAt)).toBeGreaterThan(Date.parse(page.items[0].createdAt));

      // A like taken back and given again by a recent liker counts once and changes nothing.
      const again = await like(boris, liked);
      await applied(again.eventId);
      expect((await list(anna)).items[0]).toMatchObject({ id: item.id, actorCount: 3, updatedAt: page.items[0].updatedAt });
    });

    it('counts concurrent likes of one comment into one notification, each liker once', async () => {
      const anna = await stack.user();
      const likers = await Promise.all(Array.from({ length: 6 }, () => stack.user()));
      const liked = comment(anna);
      const events = await Promise.all(likers.map((liker) => like(liker, liked)));
      for (const event of events) await applied(event.eventId);
      const rows = await rowsOf(anna);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'comment.like', group_key: `comment.like:${liked.commentId}`, actor_count: 6, read_at: null });
      const [item] = (await list(anna)).items;
      expect(item.actors).toHaveLength(3);
      expect(item.text).toMatch(/^\S+ и ещё 5 оценили ваш комментарий$/);
    });

    it('starts a new notification for a like after the grouped one was read', async () => {
      const [anna, boris, vera] = [await stack.user(), await stack.user(), await stack.user()];
      const liked = comment(anna);
      await applied((await like(boris, liked)).eventId);
      const [grouped] = (await list(anna)).items;
      expect((await read(anna, { ids: [grouped.id] })).body.data).toEqual({ unread: 0 });

      await applied((await like(vera, liked)).eventId);
      const page = await list(anna);
      expect(page.unread).toBe(1);
      expect(page.items.map((item) => [item.actorCount, item.read, item.text])).toEqual([
        [1, false, `${vera.username} оценил ваш комментарий`],
        [1, true, `${boris.username} оценил ваш комментарий`],
      ]);
      expect(page.items[0].id).not.toBe(grouped.id);
    });

    it('groups a redelivered like (same event id) only once', async () => {
      const [anna, boris] = [await stack.user(), await stack.user()];
      const liked = comment(anna);
      const event = await like(boris, liked);
      await applied(event.eventId);
      expect(await redeliver('community.comment.liked', event)).toBe('completed');
      expect(await rowsOf(anna)).toMatchObject([{ actor_count: 1 }]);
    });
  });

  describe('reading', () => {
    /** A user with `count` reply notifications, oldest first. */
    const withReplies = async (count: number) => {
      const [owner, replier] = [await stack.user(), await stack.user()];
      const parent = comment(owner);
      for (let index = 0; index < count; index += 1) await applied((await reply(replier, parent, `ответ ${index}`)).eventId);
      return owner;
    };

    it('pages newest first with a cursor, and lists only unread ones with unread=true', async () => {
      const owner = await withReplies(5);
      const first = await list(owner, '?limit=2');
      expect(first.items.map((item) => item.target)).toMatchObject([{ excerpt: 'ответ 4' }, { excerpt: 'ответ 3' }]);
      expect(first.unread).toBe(5);
      const second = await list(owner, `?limit=2&cursor=${first.nextCursor}`);
      expect(second.items.map((item) => item.target)).toMatchObject([{ excerpt: 'ответ 2' }, { excerpt: 'ответ 1' }]);
      const third = await list(owner, `?limit=2&cursor=${second.nextCursor}`);
      expect(third.items.map((item) => item.target)).toMatchObject([{ excerpt: 'ответ 0' }]);
      expect(third.nextCursor).toBeNull();
      // A well-formed cursor from nowhere: far in the future lists everything, before 1970 nothing.
      expect((await list(owner, `?cursor=99999999999999999_${randomUUID()}`)).items).toHaveLength(5);
      expect((await list(owner, `?cursor=0_${randomUUID()}`)).items).toEqual([]);

      await read(owner, { ids: [first.items[0].id, second.items[1].id] });
      const unread = await list(owner, '?unread=true');
      expect(unread.items.map((item) => item.target)).toMatchObject([{ excerpt: 'ответ 3' }, { excerpt: 'ответ 2' }, { excerpt: 'ответ 0' }]);
      expect(unread.unread).toBe(3);
      expect((await list(owner, '?unread=false')).items).toHaveLength(5);
    });

    it('marks only the caller’s own notifications by id, silently ignoring others’', async () => {
      const [anna, boris] = [await withReplies(2), await withReplies(1)];
      const annas = (await list(anna)).items;
      const [borisOwn] = (await list(boris)).items;

      const foreign = await read(boris, { ids: [annas[0].id, annas[1].id, randomUUID()] });
      expect(foreign.status).toBe(200);
      expect(foreign.body.data).toEqual({ unread: 1 });
      expect(await unreadOf(anna)).toBe(2);

      const mixed = await read(boris, { ids: [annas[0].id, borisOwn.id] });
      expect(mixed.body.data).toEqual({ unread: 0 });
      expect(await unreadOf(anna)).toBe(2);
      expect((await list(boris)).items[0].read).toBe(true);
    });

    it('marks all of the caller’s notifications read, and only theirs', async () => {
      const [anna, boris] = [await withReplies(3), await withReplies(2)];
      expect(await unreadOf(anna)).toBe(3);
      const res = await read(anna, { all: true });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ unread: 0 });
      expect(await unreadOf(anna)).toBe(0);
      expect((await list(anna)).items.every((item) => item.read)).toBe(true);
      expect(await unreadOf(boris)).toBe(2);
      // Again: nothing left to mark.
      expect((await read(anna, { all: true })).body.data).toEqual({ unread: 0 });
    });

    it('refuses bad input with a 400 naming the field and changes nothing', async () => {
      const anna = await withReplies(2);
      const before = await rowsOf(anna);
      const [own] = (await list(anna)).items;
      const ids: string[] = Array.from({ length: 101 }, () => randomUUID());
      ids[0] = own.id;
      expectFieldError(await read(anna, { ids: ['not-a-uuid', own.id] }), 'ids.0');
      expectFieldError(await read(anna, { ids }), 'ids');
      expectFieldError(await read(anna, {}), 'ids');
      expectFieldError(await read(anna, { ids: [] }), 'ids');
      expectFieldError(await read(anna, { ids: own.id }), 'ids');
      expectFieldError(await read(anna, { all: 'yes' }), 'all');
      expectFieldError(await stack.api.get('/api/notifications?limit=0', auth(anna)), 'limit');
      expectFieldError(await stack.api.get('/api/notifications?limit=51', auth(anna)), 'limit');
      expectFieldError(await stack.api.get('/api/notifications?cursor=abc', auth(anna)), 'cursor');
      expectFieldError(await stack.api.get('/api/notifications?unread=maybe', auth(anna)), 'unread');
      expect(await rowsOf(anna)).toEqual(before);
      expect(await unreadOf(anna)).toBe(2);
    });
  });

  describe('live push over /notifications', () => {
    const connect = (user?: RegisteredUser, transports = ['websocket']) => {
      const socket = io(`${stack.gatewayUrl}${NOTIFICATIONS_NAMESPACE}`, {
        path: '/socket.io/',
        transports,
        auth: user ? { token: user.token } : {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      return socket;
    };
    const received = <T>(socket: Socket, event: string, timeoutMs = 10_000) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${event}" within ${timeoutMs} ms`)), timeoutMs);
        socket.once(event, (payload: T) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
    /** Connects and resolves with the unread count the socket is told on connect. */
    const connected = async (user: RegisteredUser) => {
      const socket = connect(user);
      const unread = received<{ unread: number }>(socket, 'notification:unread');
      return { socket, unread: (await unread).unread };
    };

    it('refuses guests, forged tokens and long-polling', async () => {
      const user = await stack.user();
      for (const socket of [connect(), connect({ ...user, token: 'not.a.token' })]) {
        const error = await received<Error>(socket, 'connect_error');
        expect(error.message).toBe('Для уведомлений нужно войти');
      }
      const polling = connect(user, ['polling']);
      expect((await received<Error>(polling, 'connect_error')).message).toBe('websocket only');
    });

    it('pushes a new notification to the recipient’s sockets only, and a read to their other tabs', async () => {
      const [anna, boris] = [await stack.user(), await stack.user()];
      const parent = comment(anna);
      await applied((await reply(boris, parent)).eventId);

      const annaTab1 = await connected(anna);
      const annaTab2 = await connected(anna);
      const borisTab = await connected(boris);
      expect([annaTab1.unread, annaTab2.unread, borisTab.unread]).toEqual([1, 1, 0]);
      const borisGot: unknown[] = [];
      borisTab.socket.onAny((event, payload) => borisGot.push([event, payload]));

      const pushed = received<{ notification: NotificationItem; unread: number }>(annaTab1.socket, 'notification:new');
      const event = await reply(boris, parent, 'ещё ответ');
      const { notification, unread } = await pushed;
      expect(unread).toBe(2);
      expect(notification).toMatchObject({
        kind: 'comment.reply',
        actors: [{ id: boris.id, username: boris.username }],
        target: { commentId: event.commentId, parentId: parent.commentId, excerpt: 'ещё ответ' },
        text: `${boris.username} ответил на ваш комментарий`,
        read: false,
      });
      // The push is the stored notification.
      expect((await list(anna)).items[0]).toEqual(notification);

      const other = received<{ unread: number }>(annaTab2.socket, 'notification:unread');
      expect((await read(anna, { all: true })).body.data).toEqual({ unread: 0 });
      expect(await other).toEqual({ unread: 0 });

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(borisGot).toEqual([]);
    });

    it('end to end through the comments API: a reply and a like reach the author’s socket and list, never the replier’s', async () => {
      const [anna, boris] = [await stack.user(), await stack.user()];
      const posted = await stack.api.post('/api/comments', { animeId: 20, content: 'Лучшая арка сериала' }, auth(anna));
      expect(posted.status).toBe(201);
      const annaTab = await connected(anna);
      const borisTab = await connected(boris);
      const borisGot: unknown[] = [];
      borisTab.socket.onAny((event, payload) => borisGot.push([event, payload]));

      const replyPush = received<{ notification: NotificationItem; unread: number }>(annaTab.socket, 'notification:new');
      const answer = await stack.api.post('/api/comments', { animeId: 20, content: 'Согласен полностью', parentId: posted.body.data.id }, auth(boris));
      expect(answer.status).toBe(201);
      expect(await replyPush).toMatchObject({
        unread: annaTab.unread + 1,
        notification: {
          kind: 'comment.reply',
          actors: [{ id: boris.id, username: boris.username }],
          target: {
            type: 'comment',
            commentId: answer.body.data.id,
            parentId: posted.body.data.id,
            targetType: 'anime',
            targetId: '20',
            excerpt: 'Согласен полностью',
          },
          text: `${boris.username} ответил на ваш комментарий`,
          read: false,
        },
      });

      const likePush = received<{ notification: NotificationItem; unread: number }>(annaTab.socket, 'notification:new');
      expect((await stack.api.post(`/api/comments/${posted.body.data.id}/like`, undefined, auth(boris))).status).toBe(200);
      expect(await likePush).toMatchObject({ notification: { kind: 'comment.like', actorCount: 1, text: `${boris.username} оценил ваш комментарий` } });

      const page = await list(anna);
      expect(page.items.map((item) => item.kind)).toEqual(['comment.like', 'comment.reply']);
      expect(page.unread).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(borisGot).toEqual([]);
      expect((await list(boris)).items).toEqual([]);
    });

    it('pushes a grouped like again with the same id and the new count', async () => {
      const [anna, boris, vera] = [await stack.user(), await stack.user(), await stack.user()];
      const liked = comment(anna);
      const { socket } = await connected(anna);
      const firstPush = received<{ notification: NotificationItem; unread: number }>(socket, 'notification:new');
      await like(boris, liked);
      const first = await firstPush;
      const secondPush = received<{ notification: NotificationItem; unread: number }>(socket, 'notification:new');
      await like(vera, liked);
      const second = await secondPush;
      expect(second.notification.id).toBe(first.notification.id);
      expect(second).toMatchObject({ unread: 1, notification: { actorCount: 2, text: `${vera.username} и ${boris.username} оценили ваш комментарий` } });
    });
  });
});

import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { io, type Socket } from 'socket.io-client';
import { CHAT_NAMESPACE, ErrorCode, type ChatMessage, type OnlineStats } from '@portal/contracts';
import { apiClient, waitFor, type ApiClient } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { startGatewayProcess } from '../support/gateway-process';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, type RunningApp, startAuthService, startChatService, startGateway } from '../support/test-apps';
import { freePort } from '../support/free-port';
import { BROWSER_USER_AGENT as BROWSER } from '../support/socket-clients';

const FAST_PRESENCE = { PRESENCE_HEARTBEAT_MS: '200', PRESENCE_TTL_SECONDS: '2' };
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('realtime across two gateway replicas: chat and online presence', () => {
  let db: ScratchDatabase;
  let env: Env;
  const apps: RunningApp[] = [];
  const sockets: Socket[] = [];
  let replicaA: RunningApp;
  let replicaB: RunningApp;
  let a: ApiClient;
  let b: ApiClient;
  let alice: RegisteredUser;
  let boris: RegisteredUser;
  let admin: RegisteredUser;

  beforeAll(async () => {
    db = await createScratchDatabase();
    env = { ...ownRedisPrefix('rt'), DATABASE_URL: db.url, ...FAST_PRESENCE, ...RELAXED_GATEWAY_LIMITS };
    apps.push(await startAuthService({ ...env, ...RELAXED_AUTH_LIMITS }));
    apps.push(await startChatService(env));
    apps.push((replicaA = await startGateway(env)));
    apps.push((replicaB = await startGateway(env)));
    a = apiClient(replicaA.url);
    b = apiClient(replicaB.url);
    alice = await registerUser(a, 'alice');
    boris = await registerUser(b, 'boris');
    admin = await registerUser(a, 'chatadm');
    await db.query('UPDATE auth.users SET is_admin = true WHERE id = $1', [admin.id]);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const app of apps.reverse()) await app.close();
    await db.drop();
  });

  const connect = (url: string, options: { namespace?: string; auth?: Record<string, string>; userAgent?: string; transports?: string[] } = {}) => {
    const socket = io(`${url}${options.namespace ?? ''}`, {
      path: '/socket.io/',
      transports: options.transports ?? ['websocket'],
      auth: options.auth ?? {},
      extraHeaders: { 'user-agent': options.userAgent ?? BROWSER },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const received = <T>(socket: Socket, event: string, match: (payload: T) => boolean = () => true) =>
    new Promise<T>((resolve) => {
      const listener = (payload: T) => {
        if (!match(payload)) return;
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });
  const latestStats = (socket: Socket) => {
    const box: { stats: OnlineStats | null } = { stats: null };
    socket.on('online-stats', (stats: OnlineStats) => (box.stats = stats));
    return box;
  };

  describe('chat API', () => {
    it('stores a message with the token user as author and their avatar, whatever the body claims', async () => {
      expect((await a.put('/api/auth/profile', { avatar: 'alice-avatar.webm' }, { token: alice.token })).status).toBe(200);
      const res = await a.post(
        '/api/chat/messages',
        { message: '  Привет, <b>мир</b>  ', userId: boris.id, username: boris.username, avatar: 'https://evil.example.com/a.png' },
        { token: alice.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        userId: alice.id,
        username: alice.username,
        avatar: 'alice-avatar.webm',
        message: 'Привет, <b>мир</b>',
        isSystem: false,
      });
      const [row] = await db.query('SELECT user_id, avatar, message FROM chat.messages WHERE id = $1', [res.body.data.id]);
      expect(row).toEqual({ user_id: alice.id, avatar: 'alice-avatar.webm', message: 'Привет, <b>мир</b>' });
      // Without an avatar the message carries null, as before.
      expect((await a.post('/api/chat/messages', { message: 'без аватара' }, { token: boris.token })).body.data.avatar).toBeNull();
    });

    it('refuses a guest, an empty or too long message in Russian, and changes nothing', async () => {
      const [{ count: before }] = await db.query('SELECT count(*)::int AS count FROM chat.messages');
      expect((await a.post('/api/chat/messages', { message: 'x' })).status).toBe(401);
      const empty = await a.post('/api/chat/messages', { message: '   ' }, { token: alice.token });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: 'Сообщение не может быть пустым', errors: [{ field: 'message' }] });
      const long = await a.post('/api/chat/messages', { message: 'я'.repeat(501) }, { token: alice.token });
      expect(long.body.message).toBe('Сообщение не может быть длиннее 500 символов');
      expect((await a.post('/api/chat/messages', { message: 'я'.repeat(500) }, { token: boris.token })).status).toBe(201);
      const [{ count: after }] = await db.query('SELECT count(*)::int AS count FROM chat.messages');
      expect(after).toBe(before + 1);
    });

    it('limits each user to 5 messages in 10 s with 429 and Retry-After, without touching others', async () => {
      const spammer = await registerUser(a, 'spam');
      const statuses = [];
      for (let index = 0; index < 6; index++) statuses.push((await a.post('/api/chat/messages', { message: `m${index}` }, { token: spammer.token })).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      const limited = await a.post('/api/chat/messages', { message: 'again' }, { token: spammer.token });
      expect(limited.body).toMatchObject({ code: ErrorCode.RateLimited });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await a.post('/api/chat/messages', { message: 'мне можно' }, { token: alice.token })).status).toBe(201);
    });

    it('pages: the latest first page in time order, older pages by cursor, no overlap', async () => {
      const first = await b.get('/api/chat/messages?limit=3');
      expect(first.status).toBe(200);
      const ids = first.body.data.items.map((message: ChatMessage) => Number(message.id));
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      expect(first.body.data.nextCursor).toBe(String(ids[0]));
      const older = await b.get(`/api/chat/messages?limit=3&before=${first.body.data.nextCursor}`);
      const olderIds = older.body.data.items.map((message: ChatMessage) => Number(message.id));
      expect(Math.max(...olderIds)).toBeLessThan(ids[0]);
      expect((await b.get('/api/chat/messages?before=abc')).body.errors[0].field).toBe('before');
      expect((await b.get('/api/chat/messages?limit=1000')).body.errors[0].field).toBe('limit');
    });
  });

  describe('delivery across replicas', () => {
    it('a message posted through replica A reaches a chat client on replica B, already stored', async () => {
      const reader = connect(replicaB.url, { namespace: CHAT_NAMESPACE, auth: { token: boris.token } });
      const anonymous = connect(replicaA.url, { namespace: CHAT_NAMESPACE });
      await Promise.all([connected(reader), connected(anonymous)]);
      const onB = received<ChatMessage>(reader, 'newMessage', (message) => message.message === 'через реплику');
      const onA = received<ChatMessage>(anonymous, 'newMessage', (message) => message.message === 'через реплику');
      await a.post('/api/chat/messages', { message: 'через реплику' }, { token: alice.token });
      const [message] = await Promise.all([onB, onA]);
      expect(message).toMatchObject({ username: alice.username, isSystem: false });
      const page = await b.get('/api/chat/messages?limit=5');
      expect(page.body.data.items.map((item: ChatMessage) => item.id)).toContain(message.id);
    });

    it('an admin deletes a message and every client, on both replicas, drops it', async () => {
      const onB = connect(replicaB.url, { namespace: CHAT_NAMESPACE });
      const onA = connect(replicaA.url, { namespace: CHAT_NAMESPACE });
      await Promise.all([connected(onB), connected(onA)]);
      const posted = await a.post('/api/chat/messages', { message: 'удалите меня' }, { token: boris.token });
      const id = posted.body.data.id;
      expect((await b.delete(`/api/chat/messages/${id}`, { token: boris.token })).status).toBe(403);
      const deletions = [onA, onB].map((socket) => received<{ id: string }>(socket, 'messageDeleted', (payload) => payload.id === id));
      expect((await b.delete(`/api/chat/messages/${id}`, { token: admin.token })).body.data).toEqual({ id, deleted: true });
      await Promise.all(deletions);
      expect((await a.get('/api/chat/messages?limit=100')).body.data.items.map((item: ChatMessage) => item.id)).not.toContain(id);
      expect((await b.delete(`/api/chat/messages/${id}`, { token: admin.token })).status).toBe(404);
    });

    it('greets a new account with a stored system message', async () => {
      const listener = connect(replicaB.url, { namespace: CHAT_NAMESPACE });
      await connected(listener);
      const greeting = received<ChatMessage>(listener, 'newMessage', (message) => message.isSystem);
      const newcomer = await registerUser(a, 'newbie');
      expect(await greeting).toMatchObject({ isSystem: true, message: `Новый участник: ${newcomer.username}`, userId: null });
    });

    it('refuses long-polling on the chat connection (websocket only)', async () => {
      const polling = connect(replicaA.url, { namespace: CHAT_NAMESPACE, transports: ['polling'] });
      await expect(connected(polling)).rejects.toBeDefined();
    });
  });

  describe('online presence', () => {
    // Up to a build of the services (when sources changed) before the gateway process starts.
    jest.setTimeout(120_000);

    it('the first online-stats a signed-in visitor receives already counts them', async () => {
      const issuer = new JwtService({ secret: process.env.JWT_SECRET });
      // Names that sort first (digits before letters), so they are among the 20 names told.
      const names = Array.from({ length: 6 }, (_, index) => `0first_${index}_${randomUUID().slice(0, 6)}`);
      const tokens = await Promise.all(names.map((username) => issuer.signAsync({ sub: randomUUID(), username })));
      // One at a time and several at once, on both replicas. Like the web client, each says
      // set-username on connecting, which is answered too: neither answer may leave it out.
      const firstStats = (token: string, index: number) => {
        const socket = connect((index % 2 ? replicaB : replicaA).url, { auth: { token } });
        socket.on('connect', () => socket.emit('set-username', names[index]));
        const answers: OnlineStats[] = [];
        return new Promise<{ socket: Socket; answers: OnlineStats[] }>((resolve) => {
          socket.on('online-stats', (stats: OnlineStats) => {
            if (answers.push(stats) === 2) resolve({ socket, answers });
          });
        });
      };
      const single = await firstStats(tokens[0], 0);
      const together = await Promise.all(tokens.slice(1).map((token, index) => firstStats(token, index + 1)));
      for (const [index, { answers }] of [single, ...together].entries()) {
        for (const stats of answers) {
          expect(stats.usersOnline).toBeGreaterThanOrEqual(1);
          expect(stats.usernames).toContain(names[index]);
        }
      }
      [single, ...together].forEach(({ socket }) => socket.disconnect());
    });

    it('counts users once across tabs and replicas, guests by browser, bots by user agent; both replicas agree', async () => {
      const watcherA = connect(replicaA.url, { auth: { clientId: 'watcher-a-0001' } });
      const watcherB = connect(replicaB.url, { auth: { clientId: 'watcher-b-0001' }, transports: ['polling', 'websocket'] });
      const statsA = latestStats(watcherA);
      const statsB = latestStats(watcherB);
      const visitors = [
        connect(replicaA.url, { auth: { token: alice.token } }),
        connect(replicaA.url, { auth: { token: alice.token } }),
        connect(replicaB.url, { auth: { token: alice.token } }),
        connect(replicaB.url, { auth: { token: boris.token, username: 'someone-else' } }),
        connect(replicaB.url, { auth: { clientId: 'guest-tab-00001' } }),
        connect(replicaA.url, { auth: { clientId: 'guest-tab-00001' } }),
        connect(replicaA.url, { auth: { username: admin.username } }),
        connect(replicaA.url, { userAgent: GOOGLEBOT }),
      ];
      await Promise.all([watcherA, watcherB, ...visitors].map(connected));
      const expected = { usersOnline: 2, guestsOnline: 4, botsOnline: 1, usernames: [alice.username, boris.username].sort((x, y) => x.localeCompare(y, 'ru')) };
      await waitFor(
        async () => JSON.stringify(statsA.stats) === JSON.stringify(expected) && JSON.stringify(statsB.stats) === JSON.stringify(expected),
        5000,
        50,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: A ${JSON.stringify(statsA.stats)}, B ${JSON.stringify(statsB.stats)}, expected ${JSON.stringify(expected)}`);
      });
      visitors.forEach((socket) => socket.disconnect());
      watcherA.disconnect();
      watcherB.disconnect();
    });

    it('pages through everyone online, alphabetically whatever the case, each user once, alike on both replicas', async () => {
      // A token is all the gateway checks: 26 signed-in users without 26 registrations.
      const issuer = new JwtService({ secret: process.env.JWT_SECRET });
      // a_pager, B_pager, c_pager…: the case-insensitive order, unlike the code-unit one.
      const names = Array.from({ length: 26 }, (_, index) => {
        const letter = String.fromCharCode(97 + index);
        return `${index % 2 ? letter.toUpperCase() : letter}_pager`;
      });
      const tokens = await Promise.all(names.map((username) => issuer.signAsync({ sub: randomUUID(), username })));
      const watcher = connect(replicaA.url, { auth: { clientId: 'pager-watch-0001' } });
      const stats = latestStats(watcher);
      // Each user on one replica; every third also has a tab on the other.
      const tabs = tokens.flatMap((token, index) => {
        const [home, other] = index % 2 ? [replicaA, replicaB] : [replicaB, replicaA];
        return [connect(home.url, { auth: { token } }), ...(index % 3 === 0 ? [connect(other.url, { auth: { token } })] : [])];
      });
      await Promise.all([watcher, ...tabs].map(connected));
      const firstPage = async (api: ApiClient) => JSON.stringify((await api.get('/api/online/users?limit=100')).body.data?.items);
      await waitFor(async () => (await firstPage(a)) === JSON.stringify(names) && (await firstPage(b)) === JSON.stringify(names), 5000, 50);

      for (const api of [a, b]) {
        const seen: string[] = [];
        for (let offset = 0; offset <= names.length; offset += 7) {
          const page = await api.get(`/api/online/users?offset=${offset}&limit=7`);
          expect(page.status).toBe(200);
          expect(page.body.data).toMatchObject({ offset, limit: 7, total: names.length });
          seen.push(...page.body.data.items);
        }
        expect(seen).toEqual(names);
      }
      expect((await b.get('/api/online/users')).body.data).toMatchObject({ offset: 0, limit: 50, total: names.length, items: names });
      // The broadcast stays small: the counts and the first 20 names.
      await waitFor(async () => stats.stats?.usersOnline === names.length, 5000, 50);
      expect(stats.stats?.usernames).toEqual(names.slice(0, 20));
      tabs.forEach((socket) => socket.disconnect());
      watcher.disconnect();
    });

    it('refuses a bad offset or limit with a 400 naming the field', async () => {
      const cases = [
        ['offset=-1', 'offset'],
        ['offset=abc', 'offset'],
        ['offset=1.5', 'offset'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=ten', 'limit'],
      ];
      for (const [query, field] of cases) {
        const res = await a.get(`/api/online/users?${query}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: ErrorCode.ValidationFailed, errors: [{ field }] });
        expect(res.body.message).toMatch(/[а-я]/);
      }
    });

    it('drops the visitors of a replica that dies within the expiry, and the survivor tells its clients', async () => {
      const doomed = await startGatewayProcess(env, await freePort());
      const survivorWatcher = connect(replicaB.url, { auth: { clientId: 'survivor-00001' } });
      const stats = latestStats(survivorWatcher);
      await connected(survivorWatcher);
      const onDoomed = connect(doomed.url, { auth: { token: boris.token } });
      await connected(onDoomed);
      const listed = async () => ((await b.get('/api/online/users?limit=100')).body.data.items as string[]).includes(boris.username);
      await waitFor(async () => (stats.stats?.usernames.includes(boris.username) ?? false) && (await listed()), 5000, 50);
      const killedAt = Date.now();
      await doomed.kill();
      await waitFor(async () => stats.stats !== null && !stats.stats.usernames.includes(boris.username) && !(await listed()), 10_000, 50);
      // The expiry is 2 s here (15 s by default, well inside the 30 s promise), plus one heartbeat.
      expect(Date.now() - killedAt).toBeLessThan(30_000);
    });
  });
});

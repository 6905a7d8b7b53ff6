import { io, type Socket } from 'socket.io-client';
import {
  ErrorCode,
  WATCH_PARTY_NAMESPACE,
  WatchPartyErrorCode,
  type WatchPartyChatMessage,
  type WatchPartyErrorPayload,
  type WatchPartyState,
} from '@portal/contracts';
import { apiClient, waitFor, type ApiClient } from '@portal/testing';
import { ownRedisPrefix, RELAXED_AUTH_LIMITS, RELAXED_GATEWAY_LIMITS, registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { startCatalogueService } from '../catalogue/catalogue-test-kit';
import { freePort } from '../support/free-port';
import { startGatewayProcess } from '../support/gateway-process';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { type Env, type RunningApp, startAuthService, startChatService, startGateway } from '../support/test-apps';

/** Short enough to wait for in a test: the host's grace period and the gateway liveness expiry (the chat service's settings). */
const FAST = { PRESENCE_HEARTBEAT_MS: '200', PRESENCE_TTL_SECONDS: '2', WATCH_PARTY_HOST_GRACE_MS: '1000' };
/** Naruto: in the catalogue fixture, by its Shikimori id as everywhere on the portal. */
const NARUTO = 20;

type PartySocket = Socket;

describe('watch-party rooms (chat service) across two gateway replicas', () => {
  jest.setTimeout(60_000);
  let db: ScratchDatabase;
  let env: Env;
  const apps: RunningApp[] = [];
  const sockets: PartySocket[] = [];
  let replicaA: RunningApp;
  let replicaB: RunningApp;
  let a: ApiClient;
  let b: ApiClient;
  let hana: RegisteredUser;
  let kenji: RegisteredUser;
  let mio: RegisteredUser;

  beforeAll(async () => {
    db = await createScratchDatabase();
    env = { ...ownRedisPrefix('wp'), DATABASE_URL: db.url, ...FAST, ...RELAXED_GATEWAY_LIMITS };
    apps.push(await startCatalogueService(env));
    apps.push(await startAuthService({ ...env, ...RELAXED_AUTH_LIMITS }));
    // The rooms' owner: their rules, their state in Redis and the pushes to their sockets.
    apps.push(await startChatService(env));
    apps.push((replicaA = await startGateway(env)));
    apps.push((replicaB = await startGateway(env)));
    a = apiClient(replicaA.url);
    b = apiClient(replicaB.url);
    [hana, kenji, mio] = await Promise.all([registerUser(a, 'hana'), registerUser(b, 'kenji'), registerUser(a, 'mio')]);
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const app of apps.reverse()) await app.close();
    await db.drop();
  });

  const connect = (url: string, token?: string, transports = ['websocket']) => {
    const socket = io(`${url}${WATCH_PARTY_NAMESPACE}`, { path: '/socket.io/', transports, auth: token ? { token } : {}, reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: PartySocket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const received = <T>(socket: PartySocket, event: string, match: (payload: T) => boolean = () => true, timeoutMs = 10_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.off(event, listener);
        reject(new Error(`no matching "${event}" within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (payload: T) => {
        if (!match(payload)) return;
        clearTimeout(timer);
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });
  /** The newest state a socket has been sent (by version, as the client does). */
  const latestState = (socket: PartySocket) => {
    const box: { state: WatchPartyState | null } = { state: null };
    socket.on('state', (state: WatchPartyState) => {
      if (!box.state || state.version >= box.state.version) box.state = state;
    });
    return box;
  };
  const createRoom = async (user: RegisteredUser, episode = 1) => {
    const res = await a.post('/api/watch-party', { animeId: NARUTO, episode }, { token: user.token });
    expect(res.status).toBe(201);
    return res.body.data.roomId as string;
  };
  /** Connects and joins; resolves with the state the socket gets for its join. */
  const joinRoom = async (url: string, user: RegisteredUser, roomId: string) => {
    const socket = connect(url, user.token);
    const box = latestState(socket);
    await connected(socket);
    const history = received<WatchPartyChatMessage[]>(socket, 'chat-history');
    const joined = received<WatchPartyState>(socket, 'state', (state) => state.members.some((m) => m.userId === user.id && m.connected));
    socket.emit('join', { roomId });
    return { socket, box, state: await joined, history: await history };
  };
  const stateOf = (socket: PartySocket, match: (state: WatchPartyState) => boolean) => received<WatchPartyState>(socket, 'state', match);
  const errorOf = (socket: PartySocket, event: string) => received<WatchPartyErrorPayload>(socket, 'error', (error) => error.event === event);

  describe('REST', () => {
    it('opens a room for a catalogue title with the signed-in user as host, and reads it back', async () => {
      const res = await a.post('/api/watch-party', { animeId: NARUTO, episode: 3 }, { token: hana.token });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({ roomId: expect.stringMatching(/^[\w-]{12}$/), url: `/watch-party/${res.body.data.roomId}` });
      const got = await b.get(`/api/watch-party/${res.body.data.roomId}`, { token: kenji.token });
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({
        roomId: res.body.data.roomId,
        animeId: NARUTO,
        episode: 3,
        hostUserId: hana.id,
        playing: false,
        position: 0,
        rate: 1,
        members: [{ userId: hana.id, username: hana.username, isHost: true, connected: false }],
      });
    });

    it('refuses a guest (401), a bad body (400, in Russian), an unknown title or room (404)', async () => {
      expect((await a.post('/api/watch-party', { animeId: NARUTO, episode: 1 })).status).toBe(401);
      const bad = await a.post('/api/watch-party', { animeId: 'naruto', episode: 0 }, { token: hana.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: ErrorCode.ValidationFailed, message: 'Некорректный идентификатор аниме' });
      expect(bad.body.errors.map((error: { field: string }) => error.field)).toEqual(['animeId', 'episode']);
      expect((await a.post('/api/watch-party', { animeId: 999_999_999, episode: 1 }, { token: hana.token })).status).toBe(404);
      const missing = await a.get('/api/watch-party/AAAAAAAAAAAA', { token: hana.token });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Комната не найдена или уже закрыта');
      expect((await a.get('/api/watch-party/not-an-id', { token: hana.token })).status).toBe(404);
      expect((await a.get('/api/watch-party/AAAAAAAAAAAA')).status).toBe(401);
    });
  });

  describe('socket', () => {
    it('refuses guests and long-polling', async () => {
      const guest = connect(replicaA.url);
      await expect(connected(guest)).rejects.toMatchObject({ message: 'Для совместного просмотра нужно войти' });
      const forged = connect(replicaA.url, 'not.a.token');
      await expect(connected(forged)).rejects.toBeDefined();
      const polling = connect(replicaA.url, hana.token, ['polling']);
      await expect(connected(polling)).rejects.toBeDefined();
    });

    it("carries the host's play, seek, pause and episode change from replica A to a member on replica B", async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      expect(host.state).toMatchObject({ hostUserId: hana.id, hostGraceUntil: null });
      const joinedOnA = received<{ member: { userId: string } }>(host.socket, 'member-joined', (payload) => payload.member.userId === kenji.id);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      await joinedOnA;
      expect(member.state.members.map((m) => [m.username, m.isHost, m.connected])).toEqual([
        [hana.username, true, true],
        [kenji.username, false, true],
      ]);

      const played = stateOf(member.socket, (state) => state.playing);
      const before = Date.now();
      host.socket.emit('play', { position: 12.5 });
      expect(await played).toMatchObject({ playing: true, position: 12.5, rate: 1 });
      expect((await played).positionAt).toBeGreaterThanOrEqual(before - 50);

      const seeked = stateOf(member.socket, (state) => state.position === 300);
      host.socket.emit('seek', { position: 300, rate: 1.25 });
      expect(await seeked).toMatchObject({ playing: true, position: 300, rate: 1.25 });

      const paused = stateOf(member.socket, (state) => !state.playing);
      host.socket.emit('pause', { position: 301.5 });
      expect(await paused).toMatchObject({ playing: false, position: 301.5 });

      const episode = stateOf(member.socket, (state) => state.episode === 2);
      host.socket.emit('episode', { episode: 2 });
      expect(await episode).toMatchObject({ episode: 2, playing: false, position: 0 });
      // The host's own replica tells the host too.
      await waitFor(async () => host.box.state?.episode === 2, 5000, 20);
    });

    it("refuses a member's control attempt with an error event and changes nothing", async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      const { version } = (await b.get(`/api/watch-party/${roomId}`, { token: kenji.token })).body.data;
      const refused = errorOf(member.socket, 'play');
      member.socket.emit('play', { position: 99 });
      expect(await refused).toEqual({ code: WatchPartyErrorCode.NotHost, message: 'Управлять просмотром может только ведущий', event: 'play' });
      const after = (await a.get(`/api/watch-party/${roomId}`, { token: hana.token })).body.data;
      expect(after).toMatchObject({ version, playing: false, position: 0 });
      host.socket.disconnect();
    });

    it('answers bad payloads with error events and changes nothing', async () => {
      const roomId = await createRoom(hana);
      const socket = connect(replicaA.url, hana.token);
      await connected(socket);
      const notJoined = errorOf(socket, 'seek');
      socket.emit('seek', { position: 5 });
      expect((await notJoined).code).toBe(WatchPartyErrorCode.NotJoined);
      const badId = errorOf(socket, 'join');
      socket.emit('join', { roomId: '../../etc' });
      expect(await badId).toMatchObject({ code: WatchPartyErrorCode.BadPayload, message: 'Некорректные данные запроса' });
      const unknown = errorOf(socket, 'join');
      socket.emit('join', { roomId: 'BBBBBBBBBBBB' });
      expect((await unknown).code).toBe(WatchPartyErrorCode.RoomNotFound);

      const joined = stateOf(socket, (state) => state.roomId === roomId);
      socket.emit('join', { roomId });
      const { version } = await joined;
      const bad: Array<[string, unknown]> = [
        ['play', { position: 'abc' }],
        ['seek', { position: -1 }],
        ['seek', { position: Number.MAX_SAFE_INTEGER }],
        ['pause', { position: 1, rate: 100 }],
        ['play', { position: 1, hostUserId: kenji.id }],
        ['episode', { episode: 1.5 }],
        ['episode', null],
        ['chat', { text: '   ' }],
        ['chat', { text: 'я'.repeat(501) }],
        ['time-sync', { clientSentAt: 'now' }],
      ];
      for (const [event, payload] of bad) {
        const refused = errorOf(socket, event);
        socket.emit(event, payload);
        expect((await refused).code).toBe(WatchPartyErrorCode.BadPayload);
      }
      const chatEmpty = errorOf(socket, 'chat');
      socket.emit('chat', { text: ' \n ' });
      expect((await chatEmpty).message).toBe('Сообщение не может быть пустым');
      const state = (await a.get(`/api/watch-party/${roomId}`, { token: hana.token })).body.data;
      expect(state).toMatchObject({ version, playing: false, position: 0, episode: 1, hostUserId: hana.id });
    });

    it('delivers room chat to members on both replicas, keeps it for newcomers, and limits each user', async () => {
      const roomId = await createRoom(mio);
      const host = await joinRoom(replicaA.url, mio, roomId);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      const text = '  Привет <b>всем</b>  ';
      const onA = received<WatchPartyChatMessage>(host.socket, 'chat-message');
      const onB = received<WatchPartyChatMessage>(member.socket, 'chat-message');
      member.socket.emit('chat', { text });
      const [fromA, fromB] = await Promise.all([onA, onB]);
      expect(fromA).toEqual(fromB);
      expect(fromA).toMatchObject({ userId: kenji.id, username: kenji.username, text: 'Привет <b>всем</b>' });

      const late = await joinRoom(replicaA.url, hana, roomId);
      expect(late.history.map((message) => message.text)).toEqual(['Привет <b>всем</b>']);

      const statuses: string[] = [];
      for (let index = 0; index < 6; index++) {
        const outcome = Promise.race([
          received<WatchPartyChatMessage>(host.socket, 'chat-message', (message) => message.text === `m${index}`).then(() => 'sent'),
          errorOf(host.socket, 'chat').then((error) => error.code),
        ]);
        host.socket.emit('chat', { text: `m${index}` });
        statuses.push(await outcome);
      }
      expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', WatchPartyErrorCode.RateLimited]);
    });

    it('answers time-sync pings with the server clock', async () => {
      const socket = connect(replicaB.url, kenji.token);
      await connected(socket);
      const pong = received<{ clientSentAt: number; serverReceivedAt: number; serverSentAt: number }>(socket, 'time-sync');
      const sentAt = Date.now();
      socket.emit('time-sync', { clientSentAt: sentAt });
      const answer = await pong;
      expect(answer.clientSentAt).toBe(sentAt);
      expect(answer.serverSentAt).toBeGreaterThanOrEqual(answer.serverReceivedAt);
      // One machine, one clock: the server read its clock between sending and receiving.
      expect(answer.serverReceivedAt).toBeGreaterThanOrEqual(sentAt);
      expect(answer.serverReceivedAt).toBeLessThanOrEqual(Date.now());
    });

    it('a member who reconnects (on the other replica) gets the current state', async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      const seen = received<{ userId: string; reason: string }>(host.socket, 'member-left', (payload) => payload.userId === kenji.id);
      member.socket.disconnect();
      expect(await seen).toMatchObject({ reason: 'disconnected' });
      host.socket.emit('seek', { position: 640 });
      host.socket.emit('play', { position: 640 });
      await waitFor(async () => host.box.state?.playing === true, 5000, 20);
      const back = await joinRoom(replicaA.url, kenji, roomId);
      expect(back.state).toMatchObject({ playing: true, position: 640, hostUserId: hana.id });
      expect(back.state.members.find((m) => m.userId === kenji.id)).toMatchObject({ connected: true, isHost: false });
    });

    it('the host who leaves hands control to the next member at once', async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      const first = await joinRoom(replicaB.url, kenji, roomId);
      await joinRoom(replicaA.url, mio, roomId);
      const changed = received<{ hostUserId: string; reason: string }>(first.socket, 'host-changed');
      host.socket.emit('leave');
      expect(await changed).toMatchObject({ hostUserId: kenji.id, previousHostUserId: hana.id, reason: 'left' });
      await waitFor(async () => first.box.state?.members.every((m) => m.userId !== hana.id) ?? false, 5000, 20);
      const moved = stateOf(first.socket, (state) => state.position === 7);
      first.socket.emit('seek', { position: 7 });
      await moved;
    });

    it('a host who disconnects keeps control during the grace period, then the next member gets it', async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      host.socket.emit('play', { position: 30 });
      await waitFor(async () => member.box.state?.playing === true, 5000, 20);
      const graceStarted = stateOf(member.socket, (state) => state.hostGraceUntil !== null);
      const changed = received<{ hostUserId: string; reason: string }>(member.socket, 'host-changed');
      const leftAt = Date.now();
      host.socket.disconnect();
      expect((await graceStarted).hostUserId).toBe(hana.id);
      expect(await changed).toMatchObject({ hostUserId: kenji.id, previousHostUserId: hana.id, reason: 'timeout' });
      expect(Date.now() - leftAt).toBeGreaterThanOrEqual(900);
      // The room carries on from where it had got to, now under the new host.
      const state = member.box.state!;
      expect(state).toMatchObject({ hostUserId: kenji.id, playing: true, hostGraceUntil: null });
      expect(state.position).toBeGreaterThan(30);
      const refused = errorOf(member.socket, 'pause');
      const pausedByNewHost = stateOf(member.socket, (next) => !next.playing);
      member.socket.emit('pause', { position: 33 });
      await pausedByNewHost;
      await expect(Promise.race([refused, new Promise((resolve) => setTimeout(() => resolve('none'), 300))])).resolves.toBe('none');
    });

    it('a host coming back within the grace period keeps control', async () => {
      const roomId = await createRoom(hana);
      const host = await joinRoom(replicaA.url, hana, roomId);
      const member = await joinRoom(replicaB.url, kenji, roomId);
      host.socket.disconnect();
      await waitFor(async () => member.box.state?.hostGraceUntil !== null, 5000, 20);
      const back = await joinRoom(replicaB.url, hana, roomId);
      expect(back.state).toMatchObject({ hostUserId: hana.id, hostGraceUntil: null });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await a.get(`/api/watch-party/${roomId}`, { token: hana.token })).body.data.hostUserId).toBe(hana.id);
    });

    describe("the host's voice-over and subtitles (tracks)", () => {
      const ANILIBRIA = { audio: 'AniLibria', subtitles: 'Kitsune' };
      const tracksOf = async (roomId: string) => (await a.get(`/api/watch-party/${roomId}`, { token: hana.token })).body.data as WatchPartyState;

      it("a room starts on the defaults; the host's choice reaches members on both replicas, and a member joining later gets it at once", async () => {
        const roomId = await createRoom(hana);
        const host = await joinRoom(replicaA.url, hana, roomId);
        expect(host.state.tracks).toEqual({ audio: null, subtitles: null });
        const onB = await joinRoom(replicaB.url, kenji, roomId);
        const onA = await joinRoom(replicaA.url, mio, roomId);

        const seenOnB = stateOf(onB.socket, (state) => state.tracks.audio === 'AniLibria');
        const seenOnA = stateOf(onA.socket, (state) => state.tracks.audio === 'AniLibria');
        host.socket.emit('tracks', ANILIBRIA);
        expect((await seenOnB).tracks).toEqual(ANILIBRIA);
        expect((await seenOnA).tracks).toEqual(ANILIBRIA);
        await waitFor(async () => host.box.state?.tracks.audio === 'AniLibria', 5000, 20);

        // Subtitles off, a name padded with spaces: stored trimmed.
        const off = stateOf(onB.socket, (state) => state.tracks.subtitles === null);
        host.socket.emit('tracks', { audio: `  ${'я'.repeat(100)}  `, subtitles: null });
        expect((await off).tracks).toEqual({ audio: 'я'.repeat(100), subtitles: null });

        host.socket.emit('tracks', ANILIBRIA);
        await waitFor(async () => onB.box.state?.tracks.subtitles === 'Kitsune', 5000, 20);
        onB.socket.disconnect();
        const back = await joinRoom(replicaA.url, kenji, roomId);
        expect(back.state.tracks).toEqual(ANILIBRIA);
        expect((await tracksOf(roomId)).tracks).toEqual(ANILIBRIA);
      });

      it("refuses a member's choice with NOT_HOST and a malformed one with BAD_PAYLOAD, changing nothing", async () => {
        const roomId = await createRoom(hana);
        const host = await joinRoom(replicaA.url, hana, roomId);
        const member = await joinRoom(replicaB.url, kenji, roomId);
        const chosen = stateOf(member.socket, (state) => state.tracks.audio === 'AniLibria');
        host.socket.emit('tracks', ANILIBRIA);
        const { version } = await chosen;

        const refused = errorOf(member.socket, 'tracks');
        member.socket.emit('tracks', { audio: 'AniDub', subtitles: null });
        expect(await refused).toEqual({ code: WatchPartyErrorCode.NotHost, message: 'Управлять просмотром может только ведущий', event: 'tracks' });

        const bad: unknown[] = [
          { audio: '', subtitles: null },
          { audio: '   ', subtitles: null },
          { audio: 'AniDub', subtitles: 'x'.repeat(101) },
          { audio: 7, subtitles: null },
          { audio: 'AniDub' },
          { audio: 'AniDub', subtitles: null, hostUserId: kenji.id },
          null,
        ];
        for (const payload of bad) {
          const badPayload = errorOf(host.socket, 'tracks');
          host.socket.emit('tracks', payload);
          expect(await badPayload).toMatchObject({ code: WatchPartyErrorCode.BadPayload, message: 'Некорректные данные запроса' });
        }
        expect(await tracksOf(roomId)).toMatchObject({ version, tracks: ANILIBRIA });
      });

      it('a new episode starts on the defaults again', async () => {
        const roomId = await createRoom(hana);
        const host = await joinRoom(replicaA.url, hana, roomId);
        const member = await joinRoom(replicaB.url, kenji, roomId);
        const chosen = stateOf(member.socket, (state) => state.tracks.audio === 'AniLibria');
        host.socket.emit('tracks', ANILIBRIA);
        await chosen;
        const next = stateOf(member.socket, (state) => state.episode === 2);
        host.socket.emit('episode', { episode: 2 });
        expect((await next).tracks).toEqual({ audio: null, subtitles: null });
        expect((await tracksOf(roomId)).tracks).toEqual({ audio: null, subtitles: null });
      });
    });

    it('a replica that dies with the host on it hands control to the member on the surviving replica', async () => {
      const doomed = await startGatewayProcess(env, await freePort());
      // The helper's kill() waits for an exit that has already happened when called twice.
      let killed = false;
      try {
        const roomId = await createRoom(hana);
        const host = await joinRoom(doomed.url, hana, roomId);
        const member = await joinRoom(replicaB.url, kenji, roomId);
        host.socket.emit('play', { position: 50 });
        await waitFor(async () => member.box.state?.playing === true, 5000, 20);
        const changed = received<{ hostUserId: string; reason: string }>(member.socket, 'host-changed', () => true, 20_000);
        const killedAt = Date.now();
        killed = true;
        await doomed.kill();
        expect(await changed).toMatchObject({ hostUserId: kenji.id, previousHostUserId: hana.id, reason: 'timeout' });
        // Liveness expiry (2 s here, 15 s by default) plus the grace period (1 s here, 10 s by default).
        expect(Date.now() - killedAt).toBeLessThan(15_000);
        const state = (await b.get(`/api/watch-party/${roomId}`, { token: kenji.token })).body.data as WatchPartyState;
        expect(state.members.find((m) => m.userId === hana.id)).toMatchObject({ connected: false, isHost: false });
      } finally {
        if (!killed) await doomed.kill();
      }
      // Up to a build of the services (when sources changed) before the gateway process starts.
    }, 180_000);
  });
});

import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { Socket } from 'socket.io-client';
import { WATCH_PARTY_NAMESPACE, WatchPartyErrorCode, type OnlineStats, type WatchPartyErrorPayload, type WatchPartyState } from '@portal/contracts';
import { apiClient, waitFor, type ApiClient } from '@portal/testing';
import { registerUser, type RegisteredUser } from '../auth/auth-test-kit';
import { handledBy, type PortalCluster, type PortalProcess, startPortalProcesses } from '../support/portal-processes';
import { connected, latestOnlineStats, record, socketClients } from '../support/socket-clients';

/**
 * Presence and watch-party rooms are the chat service's (docs/realtime.md): with two chat replicas and
 * two gateways, each its own process, a room's rules hold whichever replica runs a request, a host's
 * hand-over happens once, and both gateways tell the same online counts.
 */
jest.setTimeout(300_000);

/** Short enough to wait for: the chat service's heartbeat, report expiry and host grace period. */
const FAST = { PRESENCE_HEARTBEAT_MS: '200', PRESENCE_TTL_SECONDS: '2', WATCH_PARTY_HOST_GRACE_MS: '1000' };
/** Naruto, in the catalogue fixture. */
const NARUTO = 20;

describe('presence and watch-party rooms with two chat replicas and two gateways', () => {
  let cluster: PortalCluster;
  let chats: PortalProcess[];
  let urls: string[];
  let apis: ApiClient[];
  let users: RegisteredUser[];
  const { open, closeAll } = socketClients();

  beforeAll(async () => {
    cluster = await startPortalProcesses({ name: 'rtrep', replicas: 1, replicasOf: { chat: 2 }, gateways: 2, env: FAST });
    chats = cluster.replicas('chat');
    urls = cluster.gateways.map((gateway) => gateway.url);
    apis = urls.map((url) => apiClient(url));
    users = await Promise.all(['wphost', 'wpanna', 'wpboris'].map((name, index) => registerUser(apis[index % 2], name)));
  }, 300_000);

  afterAll(async () => {
    closeAll();
    await cluster?.stop();
  });

  /** The newest state a socket has been sent (by version, as the client does). */
  const latestState = (socket: Socket) => {
    const box: { state: WatchPartyState | null } = { state: null };
    socket.on('state', (state: WatchPartyState) => {
      if (!box.state || state.version >= box.state.version) box.state = state;
    });
    return box;
  };

  const joinRoom = async (url: string, user: RegisteredUser, roomId: string) => {
    const socket = open(url, WATCH_PARTY_NAMESPACE, { token: user.token });
    const box = latestState(socket);
    await connected(socket);
    socket.emit('join', { roomId });
    await waitFor(async () => box.state?.members.some((member) => member.userId === user.id && member.connected) ?? false, 10_000, 20);
    return { socket, box };
  };

  it("runs a room's rules on whichever chat replica takes a request: every control reaches every member on both gateways, in order", async () => {
    const [host, anna, boris] = users;
    const created = await apis[0].post('/api/watch-party', { animeId: NARUTO, episode: 1 }, { token: host.token });
    expect(created.status).toBe(201);
    const { roomId } = created.body.data as { roomId: string };
    const before = chats.map((chat) => handledBy(chat, 'WatchPartyMessageController.control'));
    const members = [await joinRoom(urls[0], host, roomId), await joinRoom(urls[1], anna, roomId), await joinRoom(urls[0], boris, roomId)];
    const [hostSocket, annaSocket] = members;
    const seen = members.map((member) => record<WatchPartyState>(member.socket, 'state'));

    for (let step = 1; step <= 20; step++) {
      hostSocket.socket.emit('seek', { position: step * 10 });
      await waitFor(async () => members.every((member) => member.box.state?.position === step * 10), 10_000, 10);
    }
    // Every member saw every seek, versions growing: no change lost or applied out of order.
    for (const states of seen) {
      const positions = states.map((state) => state.position).filter((position) => position > 0);
      expect(positions).toEqual(Array.from({ length: 20 }, (_, index) => (index + 1) * 10));
      const versions = states.map((state) => state.version);
      expect(versions).toEqual([...versions].sort((x, y) => x - y));
    }
    const shares = chats.map((chat, index) => handledBy(chat, 'WatchPartyMessageController.control') - before[index]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(20);
    // Both chat replicas ran some of them.
    expect(shares.every((share) => share > 0)).toBe(true);

    // A member is refused by either replica alike, and nothing changes.
    const refusals = record<WatchPartyErrorPayload>(annaSocket.socket, 'error');
    for (let attempt = 0; attempt < 4; attempt++) annaSocket.socket.emit('play', { position: 1 });
    await waitFor(async () => refusals.length === 4, 10_000, 20);
    expect(refusals.every((refusal) => refusal.code === WatchPartyErrorCode.NotHost)).toBe(true);
    const state = (await apis[1].get(`/api/watch-party/${roomId}`, { token: anna.token })).body.data as WatchPartyState;
    expect(state).toMatchObject({ position: 200, playing: false, hostUserId: host.id });
    members.forEach((member) => member.socket.disconnect());
  });

  it("hands a departed host's control over once, whichever replicas sweep", async () => {
    const [host, anna, boris] = users;
    const created = await apis[1].post('/api/watch-party', { animeId: NARUTO, episode: 2 }, { token: host.token });
    const { roomId } = created.body.data as { roomId: string };
    const hostMember = await joinRoom(urls[1], host, roomId);
    const members = [await joinRoom(urls[0], anna, roomId), await joinRoom(urls[1], boris, roomId)];
    const changes = members.map((member) => record<{ hostUserId: string; reason: string }>(member.socket, 'host-changed'));
    hostMember.socket.emit('play', { position: 30 });
    await waitFor(async () => members.every((member) => member.box.state?.playing === true), 10_000, 20);
    const leftAt = Date.now();
    hostMember.socket.disconnect();
    await waitFor(async () => changes.every((seen) => seen.length > 0), 10_000, 20);
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(900);
    // Several grace periods later, still one hand-over: to the next connected member in join order.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const seen of changes) expect(seen).toEqual([{ hostUserId: anna.id, hostUsername: anna.username, previousHostUserId: host.id, reason: 'timeout' }]);
    const state = (await apis[0].get(`/api/watch-party/${roomId}`, { token: anna.token })).body.data as WatchPartyState;
    expect(state).toMatchObject({ hostUserId: anna.id, hostGraceUntil: null, playing: true });
    members.forEach((member) => member.socket.disconnect());
  });

  it('tells the same online counts on both gateways, summed by both chat replicas from both gateways’ reports', async () => {
    const issuer = new JwtService({ secret: cluster.env.JWT_SECRET });
    const names = Array.from({ length: 6 }, (_, index) => `rep_${index}_${randomUUID().slice(0, 6)}`);
    const tokens = await Promise.all(names.map((username) => issuer.signAsync({ sub: randomUUID(), username })));
    const watchers = urls.map((url, index) => open(url, '', { clientId: `rep-watch-${index}-0001` }));
    const stats = latestOnlineStats(watchers);
    const before = chats.map((chat) => handledBy(chat, 'PresenceMessageController.report'));
    // Each user on one gateway, every other one with a second tab on the other; one guest with a tab on each.
    const tabs = tokens.flatMap((token, index) => [
      open(urls[index % 2], '', { token }),
      ...(index % 2 === 0 ? [open(urls[(index + 1) % 2], '', { token })] : []),
    ]);
    tabs.push(open(urls[0], '', { clientId: 'rep-guest-0001' }), open(urls[1], '', { clientId: 'rep-guest-0001' }));
    await Promise.all([...watchers, ...tabs].map(connected));
    const expected = (users: number, guests: number) => (box: { stats: OnlineStats | null }) =>
      box.stats !== null &&
      box.stats.usersOnline === users &&
      box.stats.guestsOnline === guests &&
      names.slice(0, users).every((name) => box.stats!.usernames.includes(name));
    await waitFor(async () => stats.every(expected(6, 3)), 10_000, 50).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(stats.map((box) => box.stats))}`);
    });
    expect(JSON.stringify(stats[0].stats)).toBe(JSON.stringify(stats[1].stats));
    const listed = async (api: ApiClient) => JSON.stringify((await api.get('/api/online/users?limit=100')).body.data.items);
    await waitFor(async () => (await listed(apis[0])) === (await listed(apis[1])), 10_000, 50);
    expect(JSON.parse(await listed(apis[0]))).toEqual(expect.arrayContaining(names));
    // Both chat replicas took reports, from both gateways (every 200 ms here).
    await waitFor(async () => chats.every((chat, index) => handledBy(chat, 'PresenceMessageController.report') - before[index] >= 3), 10_000, 50);

    // Users leaving on one gateway leave the counts on both.
    tabs.slice(0, 3).forEach((socket) => socket.disconnect());
    await waitFor(
      async () => stats.every((box) => box.stats?.usersOnline === 4) && JSON.stringify(stats[0].stats) === JSON.stringify(stats[1].stats),
      10_000,
      50,
    );
    tabs.forEach((socket) => socket.disconnect());
    watchers.forEach((socket) => socket.disconnect());
  });
});

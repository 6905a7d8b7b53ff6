import { io, type Socket } from 'socket.io-client';
import {
  COMMENT_LIKES_PUSH_INTERVAL_MS,
  COMMENTS_NAMESPACE,
  type CommentDeletedPush,
  type CommentItem,
  type CommentLikesPush,
  type CommentsClientToServerEvents,
  type CommentsServerToClientEvents,
} from '@portal/contracts';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { ATTACK_ON_TITAN, type CommunityStack, DEATH_NOTE, NARUTO, startCommunityStack } from './community-test-kit';

type CommentsSocket = Socket<CommentsServerToClientEvents, CommentsClientToServerEvents>;
type Pushed = { [E in keyof CommentsServerToClientEvents]: Array<Parameters<CommentsServerToClientEvents[E]>[0]> };

/**
 * Edits, deletions and like counts reach the other viewers of a title live (docs/realtime.md,
 * «Comments»): real socket.io clients on the gateway's `/comments` namespace, pushed by the community
 * service after each change's commit.
 */
describe('live comment changes', () => {
  let stack: CommunityStack;
  const sockets: CommentsSocket[] = [];
  const auth = (user: RegisteredUser) => ({ token: user.token });
  const comment = async (user: RegisteredUser, body: Record<string, unknown>): Promise<CommentItem> => {
    const res = await stack.api.post('/api/comments', { animeId: NARUTO.id, content: 'Вживую', ...body }, auth(user));
    if (res.status !== 201) throw new Error(`POST /api/comments → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const remove = async (user: RegisteredUser, id: string) => expect((await stack.api.delete(`/api/comments/${id}`, auth(user))).status).toBe(200);

  /** A second viewer's socket subscribed to a title, and everything pushed to it. */
  const viewer = async (animeId: number) => {
    const socket: CommentsSocket = io(`${stack.gatewayUrl}${COMMENTS_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const pushed: Pushed = { 'comment:new': [], 'comment:updated': [], 'comment:deleted': [], 'comment:likes': [] };
    socket.on('comment:new', (item) => pushed['comment:new'].push(item));
    socket.on('comment:updated', (item) => pushed['comment:updated'].push(item));
    socket.on('comment:deleted', (item) => pushed['comment:deleted'].push(item));
    socket.on('comment:likes', (item) => pushed['comment:likes'].push(item));
    const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('subscribe', { animeId }, resolve));
    expect(ack).toEqual({ ok: true });
    return pushed;
  };
  const deletedOf = (pushed: Pushed, id: string) => waitFor(async () => pushed['comment:deleted'].find((item) => item.id === id), 5000);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    stack = await startCommunityStack('clive');
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await stack?.close();
  });

  it("an author's edit reaches the title's other viewers with its text and editedAt; other titles hear nothing", async () => {
    const [seen, elsewhere] = [await viewer(NARUTO.id), await viewer(DEATH_NOTE.id)];
    const author = await stack.user();
    const created = await comment(author, { content: 'Черновик' });
    const res = await stack.api.put(`/api/comments/${created.id}`, { content: '  Исправлено, fuck  ' }, auth(author));
    expect(res.status).toBe(200);

    const [updated] = await waitFor(async () => seen['comment:updated'].length > 0 && seen['comment:updated'], 5000);
    expect(updated).toMatchObject({ id: created.id, animeId: NARUTO.id, content: 'Исправлено, ****', editedAt: res.body.data.editedAt, likedByMe: false });
    expect(updated.editedAt).not.toBeNull();
    expect(elsewhere['comment:updated']).toEqual([]);
  });

  it("a spoiler's edited text is never pushed: the room gets it as a guest sees it", async () => {
    const seen = await viewer(NARUTO.id);
    const author = await stack.user();
    const spoiler = await comment(author, { content: 'L умрёт', episode: 2, at: 300 });
    expect((await stack.api.put(`/api/comments/${spoiler.id}`, { content: 'Лайт победит' }, auth(author))).status).toBe(200);

    const [updated] = await waitFor(async () => seen['comment:updated'].length > 0 && seen['comment:updated'], 5000);
    expect(updated).toMatchObject({ id: spoiler.id, content: null, spoiler: { episode: 2, at: 300, hidden: true } });
    expect(updated.editedAt).not.toBeNull();
    const everything = JSON.stringify(seen);
    expect(everything).not.toContain('Лайт победит');
    expect(everything).not.toContain('L умрёт');
  });

  it('a deletion says whether the comment stays as a placeholder (live replies under it) or disappears; an admin deletion too', async () => {
    const seen = await viewer(ATTACK_ON_TITAN.id);
    const [author, replier, other, admin] = [await stack.user(), await stack.user(), await stack.user(), await stack.admin()];
    const onTitan = { animeId: ATTACK_ON_TITAN.id };
    const parent = await comment(author, { ...onTitan, content: 'Родитель' });
    const reply = await comment(replier, { ...onTitan, content: 'Ответ', parentId: parent.id });

    await remove(author, parent.id);
    expect(await deletedOf(seen, parent.id)).toEqual({ id: parent.id, animeId: ATTACK_ON_TITAN.id, placeholder: true });
    await remove(replier, reply.id);
    expect(await deletedOf(seen, reply.id)).toEqual({ id: reply.id, animeId: ATTACK_ON_TITAN.id, placeholder: false });

    const theirs = await comment(other, { ...onTitan, content: 'Удалит админ' });
    await remove(admin, theirs.id);
    expect(await deletedOf(seen, theirs.id)).toEqual({ id: theirs.id, animeId: ATTACK_ON_TITAN.id, placeholder: false });
    // The list agrees with what was pushed: neither the emptied placeholder nor the admin's deletion is shown.
    const listed = (await stack.api.get(`/api/anime/${ATTACK_ON_TITAN.id}/comments?limit=50`)).body.data.items as CommentItem[];
    expect(listed.map((item) => item.id)).not.toContain(parent.id);
    expect(listed.map((item) => item.id)).not.toContain(theirs.id);
  });

  it('past the depth cap an answer is shown beside its comment, so deleting that comment leaves no placeholder', async () => {
    const seen = await viewer(DEATH_NOTE.id);
    const writers = await Promise.all(Array.from({ length: 5 }, () => stack.user()));
    const onDeathNote = { animeId: DEATH_NOTE.id };
    let parent = await comment(writers[0], { ...onDeathNote, content: 'Глубина 0' });
    const chain = [parent];
    for (let depth = 1; depth <= 4; depth += 1) {
      parent = await comment(writers[depth], { ...onDeathNote, content: `Ответ ${depth}`, parentId: parent.id });
      chain.push(parent);
    }
    // chain[4] answers chain[3] (depth 3) and is shown beside it, under chain[2].
    expect(chain[4]).toMatchObject({ depth: 3, parentId: chain[3].id, threadParentId: chain[2].id });
    await remove(writers[3], chain[3].id);
    expect(await deletedOf(seen, chain[3].id)).toMatchObject({ placeholder: false });
    await remove(writers[1], chain[1].id);
    expect(await deletedOf(seen, chain[1].id)).toMatchObject({ placeholder: true });
  });

  it('like counts reach the room without likedByMe; 20 likes at once end at 20 in far fewer than 20 pushes', async () => {
    const seen = await viewer(NARUTO.id);
    const author = await stack.user();
    const target = await comment(author, { content: 'Лайкните меня' });
    const [first, ...likers] = await Promise.all(Array.from({ length: 21 }, () => stack.user()));

    expect((await stack.api.post(`/api/comments/${target.id}/like`, undefined, auth(first))).status).toBe(200);
    const [single] = await waitFor(async () => seen['comment:likes'].length > 0 && seen['comment:likes'], 5000);
    expect(single).toEqual({ id: target.id, animeId: NARUTO.id, likes: 1 });
    expect((await stack.api.delete(`/api/comments/${target.id}/like`, auth(first))).status).toBe(200);
    await waitFor(async () => seen['comment:likes'].at(-1)?.likes === 0, 5000);
    // Let the taken-back like's window close, so the burst starts a fresh one.
    await pause(COMMENT_LIKES_PUSH_INTERVAL_MS + 200);
    seen['comment:likes'].length = 0;

    const results = await Promise.all(likers.map((liker) => stack.api.post(`/api/comments/${target.id}/like`, undefined, auth(liker))));
    expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
    const ofTarget = () => seen['comment:likes'].filter((item: CommentLikesPush) => item.id === target.id);
    await waitFor(async () => ofTarget().at(-1)?.likes === 20, 5000);
    // Nothing more is on its way once the last window has closed.
    await pause(COMMENT_LIKES_PUSH_INTERVAL_MS * 2);
    const pushes = ofTarget();
    expect(pushes.at(-1)).toEqual({ id: target.id, animeId: NARUTO.id, likes: 20 });
    expect(pushes.length).toBeLessThanOrEqual(5);
    // Counts only grow in a burst of likes: pushes never overtake one another.
    expect(pushes.map((item) => item.likes)).toEqual([...pushes.map((item) => item.likes)].sort((a, b) => a - b));
  });

  it('a viewer who left the room hears nothing more', async () => {
    const socket: CommentsSocket = io(`${stack.gatewayUrl}${COMMENTS_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const heard: CommentDeletedPush[] = [];
    socket.on('comment:deleted', (payload: CommentDeletedPush) => heard.push(payload));
    await new Promise((resolve) => socket.emit('subscribe', { animeId: NARUTO.id }, resolve));
    await new Promise((resolve) => socket.emit('unsubscribe', { animeId: NARUTO.id }, resolve));
    const author = await stack.user();
    const created = await comment(author, { content: 'Удалю без зрителя' });
    await remove(author, created.id);
    await pause(300);
    expect(heard).toEqual([]);
  });
});

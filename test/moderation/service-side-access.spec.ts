import Redis from 'ioredis';
import { ErrorCode, type RpcMeta, type RpcPattern, sanctionKeys } from '@portal/contracts';
import { kindOf } from '@portal/contracts/operations';
import { RedisStreamsClient, RemoteServiceError, RpcClient, SANCTION_CACHE_MS } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

/**
 * Issue #31: access is enforced where the data lives. These calls skip the gateway (as a service,
 * a script or a gateway route that forgot a rule would) and go straight to the services over the
 * transport: the declared operation's access still refuses them, and nothing is written.
 */
describe('access checked by the services themselves, the gateway bypassed', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  let redis: Redis;
  let client: RedisStreamsClient;
  let rpc: RpcClient;

  const meta = (user?: RegisteredUser): RpcMeta => ({ requestId: `bypass-${Date.now()}`, user: user && { id: user.id, username: user.username } });
  const direct = (pattern: string, data: unknown, user?: RegisteredUser) => rpc.send(pattern as RpcPattern, data as never, meta(user)) as Promise<unknown>;
  const refusalOf = (call: Promise<unknown>) =>
    call.then(
      (answer) => ({ answered: answer }),
      (error: unknown) => (error instanceof RemoteServiceError ? error.payload.code : error),
    );
  const reportsBy = async (user: RegisteredUser) =>
    Number((await stack.db.query('SELECT count(*) AS n FROM moderation.reports WHERE reporter_id = $1', [user.id]))[0].n);
  const newsCount = async () => Number((await stack.db.query('SELECT count(*) AS n FROM community.news'))[0].n);
  const reportOn = (target: RegisteredUser) => ({ target: { type: 'user', id: target.id }, reason: 'spam' });

  beforeAll(async () => {
    stack = await startModerationStack('bypass');
    admin = await stack.admin();
    const keyPrefix = stack.env.REDIS_KEY_PREFIX!;
    // Sanctions are kept under their own keys, unprefixed (SanctionStore): user ids are unique across runs.
    redis = new Redis(process.env.REDIS_URL!);
    client = new RedisStreamsClient({ url: process.env.REDIS_URL!, keyPrefix, requestTimeoutMs: 10_000, kindOf });
    rpc = new RpcClient(client, 10_000);
    await client.connect();
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    redis?.disconnect();
    await stack?.close();
  });

  it('a guest is refused a user operation (401), and no report is stored', async () => {
    const before = Number((await stack.db.query('SELECT count(*) AS n FROM moderation.reports'))[0].n);
    expect(await refusalOf(direct('moderation.report.create', reportOn(admin)))).toBe(ErrorCode.Unauthorized);
    expect(Number((await stack.db.query('SELECT count(*) AS n FROM moderation.reports'))[0].n)).toBe(before);
  });

  it('a read-only user is refused content by the moderation service itself; before the sanction the same call was taken', async () => {
    const [reporter, first, second] = await stack.users(3);
    expect(await refusalOf(direct('moderation.report.create', reportOn(first), reporter))).toEqual({ answered: expect.objectContaining({ reason: 'spam' }) });
    expect(await reportsBy(reporter)).toBe(1);

    const ban = await stack.api.post(`/api/admin/users/${reporter.id}/ban`, { kind: 'read-only', reason: 'Спам в жалобах' }, auth(admin));
    expect(ban.status).toBe(201);
    await waitFor(async () => (await redis.get(sanctionKeys.ban(reporter.id))) !== null, 10_000);
    // The service read the reporter's sanctions for the first report and trusts that for SANCTION_CACHE_MS.
    await new Promise((resolve) => setTimeout(resolve, SANCTION_CACHE_MS + 100));

    expect(await refusalOf(direct('moderation.report.create', reportOn(second), reporter))).toBe(ErrorCode.UserReadOnly);
    expect(await reportsBy(reporter)).toBe(1);
  });

  it('a user is refused an admin operation by the community service itself (403); an admin is answered', async () => {
    const [user] = await stack.users(1);
    const item = { title: 'Новость мимо шлюза', body: '<p>Текст</p>', status: 'published' };
    const before = await newsCount();
    expect(await refusalOf(direct('community.news.create', item, user))).toBe(ErrorCode.Forbidden);
    expect(await refusalOf(direct('community.news.create', item))).toBe(ErrorCode.Unauthorized);
    expect(await newsCount()).toBe(before);
    expect(await refusalOf(direct('community.news.create', item, admin))).toEqual({
      answered: expect.objectContaining({ title: item.title, status: 'published' }),
    });
    expect(await newsCount()).toBe(before + 1);
  });

  it('a user is refused the moderation’s admin operations by the moderation service itself (403), and no ban is stored', async () => {
    const [user, target] = await stack.users(2);
    const bansOf = async () => Number((await stack.db.query('SELECT count(*) AS n FROM moderation.user_bans WHERE user_id = $1', [target.id]))[0].n);
    expect(await refusalOf(direct('moderation.user.ban', { id: target.id, kind: 'full', reason: 'мимо шлюза' }, user))).toBe(ErrorCode.Forbidden);
    expect(await bansOf()).toBe(0);
    // The audit log was guarded by the gateway alone before its operation was declared.
    expect(await refusalOf(direct('moderation.audit-log.list', {}, user))).toBe(ErrorCode.Forbidden);
    expect(await refusalOf(direct('moderation.stats.get', {}))).toBe(ErrorCode.Unauthorized);
    expect(await refusalOf(direct('moderation.user.ban', { id: target.id, kind: 'warning', reason: 'по делу' }, admin))).toEqual({
      answered: expect.objectContaining({ userId: target.id, kind: 'warning' }),
    });
    expect(await bansOf()).toBe(1);
  });

  it('the chat service refuses a user’s deletion (403) and a muted user’s message itself; an admin deletes', async () => {
    const [author, other, flooder] = await stack.users(3);
    const posted = (await direct('chat.message.post', { message: 'мимо шлюза', avatar: null }, author)) as { id: string };
    const visible = async () =>
      Number((await stack.db.query('SELECT count(*) AS n FROM chat.messages WHERE id = $1 AND deleted_at IS NULL', [posted.id]))[0].n);
    expect(await refusalOf(direct('chat.message.delete', { id: posted.id }, other))).toBe(ErrorCode.Forbidden);
    expect(await refusalOf(direct('chat.message.delete', { id: posted.id }))).toBe(ErrorCode.Unauthorized);
    expect(await visible()).toBe(1);
    expect(await refusalOf(direct('chat.message.delete', { id: posted.id }, admin))).toEqual({ answered: { id: posted.id, deleted: true } });
    expect(await visible()).toBe(0);

    const muted = await stack.api.post(`/api/admin/users/${flooder.id}/chat-mute`, { minutes: 30, reason: 'Флуд' }, auth(admin));
    expect(muted.status).toBe(201);
    await waitFor(async () => (await redis.get(sanctionKeys.chatMute(flooder.id))) !== null, 10_000);
    const messagesBy = async () => Number((await stack.db.query('SELECT count(*) AS n FROM chat.messages WHERE user_id = $1', [flooder.id]))[0].n);
    // The chat service has not read this user's sanctions before, so nothing cached hides the mute.
    expect(await refusalOf(direct('chat.message.post', { message: 'всё равно напишу', avatar: null }, flooder))).toBe(ErrorCode.ChatMuted);
    expect(await messagesBy()).toBe(0);
  });

  it('parses the request itself: a bad field is a 400 naming it, whoever sent it', async () => {
    const failure = await direct('community.news.create', { title: 'Ок', body: '<p>x</p>' }, admin).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteServiceError);
    expect((failure as RemoteServiceError).payload).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [expect.objectContaining({ field: 'title' })] });
  });
});

import { randomUUID } from 'node:crypto';
import { BAN_MESSAGES, CHAT_NAMESPACE, ErrorCode } from '@portal/contracts';
import { waitFor } from '@portal/testing';
import { fromIp, type RegisteredUser, uniqueIp } from '../auth/auth-test-kit';
import { DEATH_NOTE, expectFieldError } from '../community/community-test-kit';
import { connected, socketClients } from '../support/socket-clients';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The gateway's cache of sanctions (SANCTION_CACHE_MS) plus a margin. */
// The gateway's cache is 2 s; the rest is room for a loaded machine.
const WITHIN_CACHE_MS = 5000;

/**
 * Bans and restrictions (docs/moderation.md, «Bans») through the gateway, against the real services,
 * PostgreSQL and Redis. Every test sanctions users of its own.
 */
describe('bans and restrictions', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  const sockets = socketClients();

  const ban = (user: RegisteredUser | { id: string }, body: unknown, by: RegisteredUser = admin) =>
    stack.api.post(`/api/admin/users/${user.id}/ban`, body, auth(by));
  const unban = (user: RegisteredUser, by: RegisteredUser = admin) => stack.api.delete(`/api/admin/users/${user.id}/ban`, auth(by));
  const comment = (user: RegisteredUser) => stack.api.post('/api/comments', { animeId: DEATH_NOTE.id, content: `Комментарий ${randomUUID()}` }, auth(user));
  const chat = (user: RegisteredUser) => stack.api.post('/api/chat/messages', { message: `Привет ${randomUUID().slice(0, 8)}` }, auth(user));
  const me = (user: RegisteredUser) => stack.api.get('/api/auth/verify', auth(user));
  /** The admins' actions on the user (the log also keeps the account's own events). */
  const audit = (userId: string) =>
    stack.db.query<{ event_name: string; actor_id: string; details: any }>(
      `SELECT event_name, actor_id, details FROM moderation.audit_log WHERE subject_user_id = $1 AND event_name LIKE 'moderation.%' ORDER BY occurred_at`,
      [userId],
    );
  const sanctionNotices = async (user: RegisteredUser) =>
    (
      (await stack.db.query(`SELECT target FROM community.notifications WHERE user_id = $1 AND kind = 'user.sanctioned' ORDER BY created_at`, [
        user.id,
      ])) as Array<{ target: any }>
    ).map((row) => row.target);
  const hoursFromNow = (iso: string | null) => (iso ? (Date.parse(iso) - Date.now()) / 3_600_000 : null);

  beforeAll(async () => {
    stack = await startModerationStack('bans', { env: { TRUST_PROXY: 'true' } });
    admin = await stack.admin();
  }, 180_000);

  afterAll(async () => {
    sockets.closeAll();
    await stack?.close();
  });

  it('escalates a ban without an end: 1 day, then 7 days, then for ever', async () => {
    const user = await stack.user();
    const first = await ban(user, { kind: 'read-only', reason: 'Спам в комментариях' });
    expect(first.status).toBe(201);
    expect(hoursFromNow(first.body.data.until)).toBeCloseTo(24, 0);
    const second = await ban(user, { kind: 'read-only', reason: 'Снова спам' });
    expect(hoursFromNow(second.body.data.until)).toBeCloseTo(7 * 24, 0);
    const third = await ban(user, { kind: 'full', reason: 'Систематический спам' });
    expect(third.body.data).toMatchObject({ kind: 'full', until: null, userId: user.id, adminId: admin.id });
    // One ban in force: each new one replaced the last.
    const active = await stack.db.query(`SELECT kind FROM moderation.user_bans WHERE user_id = $1 AND lifted_at IS NULL`, [user.id]);
    expect(active).toEqual([{ kind: 'full' }]);
  });

  it('takes an explicit end over the escalation, and records a warning only', async () => {
    const user = await stack.user();
    const warned = await ban(user, { kind: 'warning', reason: 'Оскорбление' });
    expect(warned.status).toBe(201);
    expect(warned.body.data.until).toBeNull();
    expect((await comment(user)).status).toBe(201);
    const until = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const banned = await ban(user, { kind: 'read-only', reason: 'Оскорбления', until });
    expect(banned.body.data.until).toBe(until);
    await waitFor(async () => (await sanctionNotices(user)).length === 2);
    expect(await sanctionNotices(user)).toEqual([
      { type: 'sanction', action: 'warning', reason: 'Оскорбление', until: null },
      { type: 'sanction', action: 'read-only', reason: 'Оскорбления', until },
    ]);
  });

  it('refuses a full ban at the gateway within its cache window, long before the token expires, and lifts it', async () => {
    const user = await stack.user();
    expect((await me(user)).status).toBe(200);
    expect((await ban(user, { kind: 'full', reason: 'Взлом аккаунтов' })).status).toBe(201);
    const refused = await waitFor(
      async () => {
        const res = await me(user);
        return res.status === 403 ? res : null;
      },
      WITHIN_CACHE_MS,
      100,
    );
    expect(refused.body).toMatchObject({ success: false, code: ErrorCode.UserBanned, sanction: { kind: 'full', reason: 'Взлом аккаунтов' } });
    expect(refused.body.message).toMatch(/^Ваш аккаунт заблокирован до .+: Взлом аккаунтов$/);
    expect((await comment(user)).status).toBe(403);
    expect((await chat(user)).status).toBe(403);
    const login = await stack.api.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: ErrorCode.UserBanned, sanction: { kind: 'full' } });
    // Guest routes still answer.
    expect((await stack.api.get('/api/chat/messages')).status).toBe(200);

    expect((await unban(user)).status).toBe(200);
    await waitFor(async () => (await me(user)).status === 200, WITHIN_CACHE_MS, 100);
    expect((await unban(user)).status).toBe(404);
  });

  it('kicks the sockets of a fully banned user and refuses them a new connection', async () => {
    const user = await stack.user();
    const socket = sockets.open(stack.gatewayUrl, CHAT_NAMESPACE, { token: user.token });
    await connected(socket);
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await ban(user, { kind: 'full', reason: 'Флуд' })).status).toBe(201);
    await gone;
    await new Promise((resolve) => setTimeout(resolve, WITHIN_CACHE_MS));
    const again = sockets.open(stack.gatewayUrl, CHAT_NAMESPACE, { token: user.token });
    await expect(connected(again)).rejects.toMatchObject({ data: { code: ErrorCode.UserBanned } });
  });

  it('lets a read-only user read but not comment or chat', async () => {
    const user = await stack.user();
    expect((await ban(user, { kind: 'read-only', reason: 'Спойлеры' })).status).toBe(201);
    const refused = await waitFor(
      async () => {
        const res = await comment(user);
        return res.status === 403 ? res : null;
      },
      WITHIN_CACHE_MS,
      100,
    );
    expect(refused.body).toMatchObject({ code: ErrorCode.UserReadOnly, sanction: { kind: 'read-only', reason: 'Спойлеры' } });
    expect(refused.body.message).toMatch(/только чтения/);
    expect((await chat(user)).body.code).toBe(ErrorCode.UserReadOnly);
    // What others see of the profile is content too; the player's own settings are not.
    expect((await stack.api.put('/api/auth/profile', { displayName: 'Реклама казино' }, auth(user))).body.code).toBe(ErrorCode.UserReadOnly);
    expect((await stack.api.post('/api/users/me/avatar', {}, auth(user))).body.code).toBe(ErrorCode.UserReadOnly);
    const settings = await stack.api.put('/api/auth/profile', { skipOpening: true }, auth(user));
    expect(settings.status).toBe(200);
    expect(settings.body.data.skipOpening).toBe(true);
    expect((await me(user)).status).toBe(200);
    expect((await stack.api.get(`/api/anime/${DEATH_NOTE.id}/comments`, auth(user))).status).toBe(200);
    expect((await stack.api.get('/api/notifications', auth(user))).status).toBe(200);
  });

  it('mutes a user in the chat until the time it names, and unmutes', async () => {
    const user = await stack.user();
    expect((await chat(user)).status).toBe(201);
    const muted = await stack.api.post(`/api/admin/users/${user.id}/chat-mute`, { minutes: 30, reason: 'Флуд' }, auth(admin));
    expect(muted.status).toBe(201);
    expect((Date.parse(muted.body.data.until) - Date.now()) / 60_000).toBeCloseTo(30, 0);
    const refused = await waitFor(
      async () => {
        const res = await chat(user);
        return res.status === 403 ? res : null;
      },
      WITHIN_CACHE_MS,
      100,
    );
    expect(refused.body).toMatchObject({ code: ErrorCode.ChatMuted, sanction: { kind: 'chat-mute', reason: 'Флуд', until: muted.body.data.until } });
    expect(refused.body.message).toMatch(/^Вы не можете писать в чат до .+: Флуд$/);
    // Only the chat.
    expect((await comment(user)).status).toBe(201);
    expect((await stack.api.delete(`/api/admin/users/${user.id}/chat-mute`, auth(admin))).status).toBe(200);
    await waitFor(async () => (await chat(user)).status === 201, WITHIN_CACHE_MS, 100);
    expect((await audit(user.id)).map((row) => row.event_name)).toEqual(['moderation.user.chat-muted', 'moderation.user.chat-unmuted']);
  });

  it('refuses registration and sign-in from a banned IP, and lets them in once lifted', async () => {
    const ip = uniqueIp();
    const user = await stack.user();
    const created = await stack.api.post('/api/admin/ip-bans', { ip, reason: 'Нецензурные никнеймы' }, auth(admin));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ip, adminId: admin.id, adminName: admin.username });
    // The list names who banned the address, as the admin is called now.
    expect((await stack.api.get('/api/admin/ip-bans', auth(admin))).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ ip, reason: 'Нецензурные никнеймы', adminId: admin.id, adminName: admin.username })]),
    );
    const login = () => stack.api.post('/api/auth/login', { email: user.email, password: user.password }, fromIp(ip));
    const refused = await waitFor(
      async () => {
        const res = await login();
        return res.status === 403 ? res : null;
      },
      WITHIN_CACHE_MS,
      100,
    );
    expect(refused.body).toMatchObject({ code: ErrorCode.IpBanned, message: BAN_MESSAGES.ipBanned });
    const registration = await stack.api.post(
      '/api/auth/register',
      { username: `ipban_${Date.now()}`, email: `ipban.${Date.now()}@example.com`, password: 'Tr0ub4dor&3-horse', agreement: true },
      fromIp(ip),
    );
    expect(registration.body.code).toBe(ErrorCode.IpBanned);
    // Other addresses are not concerned.
    expect((await stack.api.post('/api/auth/login', { email: user.email, password: user.password }, fromIp(uniqueIp()))).status).toBe(200);

    expect((await stack.api.delete(`/api/admin/ip-bans?ip=${ip}`, auth(admin))).status).toBe(200);
    await waitFor(async () => (await login()).status === 200, WITHIN_CACHE_MS, 100);
    const entries = await stack.db.query(`SELECT event_name, details FROM moderation.audit_log WHERE details->>'ip' = $1 ORDER BY occurred_at`, [ip]);
    expect(entries.map((row) => row.event_name)).toEqual(['moderation.ip.banned', 'moderation.ip.unbanned']);
  });

  it('answers the lifting of an IP ban with the ban as the list showed it, named after the admin who made it', async () => {
    const ip = uniqueIp();
    const other = await stack.admin();
    expect((await stack.api.post('/api/admin/ip-bans', { ip, reason: 'Нецензурные никнеймы' }, auth(admin))).status).toBe(201);
    const listed = ((await stack.api.get('/api/admin/ip-bans', auth(other))).body.data as Array<{ ip: string }>).find((entry) => entry.ip === ip);
    expect(listed).toMatchObject({ adminId: admin.id, adminName: admin.username });
    // Lifted by another admin: the answer still names the one who banned, not null and not the remover.
    const lifted = await stack.api.delete(`/api/admin/ip-bans?ip=${ip}`, auth(other));
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toEqual(listed);
  });

  it('resets a nickname to a free generated one and tells the user', async () => {
    const user = await stack.user();
    const res = await stack.api.post(`/api/admin/users/${user.id}/reset-nickname`, undefined, auth(admin));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userId: user.id, before: user.username, after: expect.stringMatching(/^user\d{6}$/) });
    const [row] = await stack.db.query('SELECT username FROM auth.users WHERE id = $1', [user.id]);
    expect(row.username).toBe(res.body.data.after);
    await waitFor(async () => (await sanctionNotices(user)).length === 1);
    expect((await sanctionNotices(user))[0]).toMatchObject({ action: 'nickname-reset', username: res.body.data.after });
    const [entry] = await audit(user.id);
    expect(entry).toMatchObject({
      event_name: 'moderation.user.nickname-reset',
      actor_id: admin.id,
      details: { before: { username: user.username }, after: { username: res.body.data.after } },
    });
  });

  it('records every ban in the audit log with who, what, before and after', async () => {
    const user = await stack.user();
    await ban(user, { kind: 'read-only', reason: 'Первый' });
    await ban(user, { kind: 'full', reason: 'Второй' });
    await unban(user);
    const entries = await audit(user.id);
    expect(entries.map((row) => row.event_name)).toEqual(['moderation.user.banned', 'moderation.user.banned', 'moderation.user.unbanned']);
    expect(entries.every((row) => row.actor_id === admin.id)).toBe(true);
    expect(entries[0].details).toMatchObject({
      kind: 'read-only',
      reason: 'Первый',
      escalated: true,
      before: null,
      after: { kind: 'read-only', reason: 'Первый' },
    });
    expect(entries[1].details).toMatchObject({ kind: 'full', before: { kind: 'read-only' }, after: { kind: 'full', reason: 'Второй' } });
    expect(entries[2].details).toMatchObject({ before: { kind: 'full' }, after: null });
  });

  it('bans the author with the resolve of a report, in the same transaction and audit entry', async () => {
    const [author, reporter] = [await stack.user(), await stack.user()];
    const posted = await comment(author);
    const reported = await stack.api.post('/api/reports', { target: { type: 'comment', id: posted.body.data.id }, reason: 'spam' }, auth(reporter));
    expect(reported.status).toBe(201);
    const [{ id: caseId }] = await stack.db.query(`SELECT id FROM moderation.report_cases WHERE target_id = $1`, [posted.body.data.id]);
    expectFieldError(await stack.api.put(`/api/admin/reports/${caseId}`, { action: 'reject', ban: { kind: 'full', reason: 'Спам' } }, auth(admin)), 'ban');
    const decided = await stack.api.put(
      `/api/admin/reports/${caseId}`,
      { action: 'resolve', ban: { kind: 'read-only', reason: 'Спам ссылками' } },
      auth(admin),
    );
    expect(decided.status).toBe(200);
    expect(decided.body.data.status).toBe('resolved');
    const [entry] = await stack.db.query(
      `SELECT details FROM moderation.audit_log WHERE event_name = 'moderation.report.resolved' AND details->>'caseId' = $1`,
      [caseId],
    );
    expect(entry.details.after.ban).toMatchObject({ kind: 'read-only', reason: 'Спам ссылками' });
    // The decision's own entry (its subject is the author) and the ban's.
    expect((await audit(author.id)).map((row) => row.event_name).sort()).toEqual(['moderation.report.resolved', 'moderation.user.banned']);
    await waitFor(async () => (await comment(author)).status === 403, WITHIN_CACHE_MS, 100);
  });

  it('refuses to sanction an admin or oneself (403), a user (403) and a guest (401)', async () => {
    const [otherAdmin, user, target] = [await stack.admin(), await stack.user(), await stack.user()];
    const body = { kind: 'full', reason: 'Проверка' };
    expect((await ban(otherAdmin, body)).body).toMatchObject({ code: ErrorCode.Forbidden, message: BAN_MESSAGES.notAdmins });
    expect((await ban(admin, body)).body).toMatchObject({ code: ErrorCode.Forbidden, message: BAN_MESSAGES.notSelf });
    expect((await stack.api.post(`/api/admin/users/${admin.id}/chat-mute`, { minutes: 5, reason: 'x' }, auth(admin))).status).toBe(403);
    expect((await stack.api.post(`/api/admin/users/${otherAdmin.id}/reset-nickname`, undefined, auth(admin))).status).toBe(403);
    expect((await ban(target, body, user)).status).toBe(403);
    expect((await stack.api.post(`/api/admin/users/${target.id}/ban`, body)).status).toBe(401);
    expect((await ban({ id: randomUUID() }, body)).status).toBe(404);
    const count = await stack.db.query(`SELECT count(*)::int AS n FROM moderation.user_bans WHERE user_id = ANY($1::uuid[])`, [
      [otherAdmin.id, admin.id, target.id],
    ]);
    expect(count[0].n).toBe(0);
  });

  it('answers bad input with the envelope, a Russian message and the field, changing nothing', async () => {
    const user = await stack.user();
    expectFieldError(await ban(user, { kind: 'forever', reason: 'x' }), 'kind');
    expectFieldError(await ban(user, { kind: 'full' }), 'reason');
    expectFieldError(await ban(user, { kind: 'full', reason: '   ' }), 'reason');
    expectFieldError(await ban(user, { kind: 'full', reason: 'я'.repeat(501) }), 'reason');
    expectFieldError(await ban(user, { kind: 'full', reason: 'x', until: '2001-01-01T00:00:00Z' }), 'until');
    expectFieldError(await ban(user, { kind: 'full', reason: 'x', until: 'завтра' }), 'until');
    expectFieldError(await ban({ id: 'nope' }, { kind: 'full', reason: 'x' }), 'id');
    expectFieldError(await stack.api.post(`/api/admin/users/${user.id}/chat-mute`, { minutes: 0, reason: 'x' }, auth(admin)), 'minutes');
    expectFieldError(await stack.api.post('/api/admin/ip-bans', { ip: '999.1.1.1', reason: 'x' }, auth(admin)), 'ip');
    const rows = await stack.db.query(`SELECT count(*)::int AS n FROM moderation.user_bans WHERE user_id = $1`, [user.id]);
    expect(rows[0].n).toBe(0);
    expect(await audit(user.id)).toEqual([]);
    expect((await comment(user)).status).toBe(201);
  });
});

import { AUTH_MESSAGES, ErrorCode, GENERIC_MESSAGES } from '@portal/contracts';
import { type ApiClient, waitFor } from '@portal/testing';
import { type AuthStack, grantAdminInDatabase, type RegisteredUser, registerUser, secretLookingKeys, startAuthStack } from './auth-test-kit';

describe('admin routes: user list, admin flag and audit log', () => {
  let stack: AuthStack;
  let api: ApiClient;
  let admin: RegisteredUser;
  let normal: RegisteredUser;
  let promoted: RegisteredUser;

  beforeAll(async () => {
    stack = await startAuthStack('admin', { withModeration: true });
    api = stack.api;
    admin = await registerUser(api, 'admin');
    normal = await registerUser(api, 'normal');
    promoted = await registerUser(api, 'promoted');
    // What `npm run admin` does. The token issued before stays valid: the role is checked per call.
    await grantAdminInDatabase(admin.id);
  });
  afterAll(() => stack?.close());

  const expectStatus = (res: { status: number; body: any }, status: number, code: ErrorCode, message?: string) => {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code, ...(message && { message }) });
    expect(res.body.data).toBeUndefined();
  };
  const setAdmin = (targetId: string, isAdmin: unknown, token?: string) => api.put(`/api/user/${targetId}/admin`, { isAdmin }, { token });

  describe('GET /api/users', () => {
    it('answers 401 to a guest', async () => {
      expectStatus(await api.get('/api/users'), 401, ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
    });

    it('answers 403 to a signed-in user who is not an admin', async () => {
      expectStatus(await api.get('/api/users', { token: normal.token }), 403, ErrorCode.Forbidden, GENERIC_MESSAGES.forbidden);
    });

    it('answers 200 to an admin with users and meta {page, limit, total}, and no password hashes', async () => {
      const res = await api.get('/api/users', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.meta).toEqual({ page: 1, limit: 20, total: expect.any(Number) });
      expect(res.body.meta.total).toBeGreaterThanOrEqual(3);
      expect(Array.isArray(res.body.data)).toBe(true);
      expect(res.body.data.length).toBe(Math.min(20, res.body.meta.total));
      const ids = res.body.data.map((user: { id: string }) => user.id);
      expect(ids).toEqual(expect.arrayContaining([admin.id, normal.id, promoted.id]));
      expect(secretLookingKeys(res.body)).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain('$argon2');
    });

    it('pages with ?page and ?limit', async () => {
      const first = await api.get('/api/users?page=1&limit=2', { token: admin.token });
      const second = await api.get('/api/users?page=2&limit=2', { token: admin.token });
      expect(first.status).toBe(200);
      expect(first.body.meta).toMatchObject({ page: 1, limit: 2 });
      expect(second.body.meta).toMatchObject({ page: 2, limit: 2 });
      expect(first.body.data).toHaveLength(2);
      const overlap = first.body.data.filter((a: { id: string }) => second.body.data.some((b: { id: string }) => b.id === a.id));
      expect(overlap).toEqual([]);
    });

    it('finds users by a nickname or email prefix, in any case, with % and _ taken literally', async () => {
      const byName = await api.get(`/api/users?q=${encodeURIComponent(normal.username.slice(0, -2).toUpperCase())}`, { token: admin.token });
      expect(byName.status).toBe(200);
      expect(byName.body.data.map((user: { id: string }) => user.id)).toContain(normal.id);
      expect(
        byName.body.data.every((user: { username: string; email: string }) =>
          [user.username, user.email].some((text) => text.toLowerCase().startsWith(normal.username.slice(0, -2).toLowerCase())),
        ),
      ).toBe(true);
      const byEmail = await api.get(`/api/users?q=${encodeURIComponent(promoted.email)}`, { token: admin.token });
      expect(byEmail.body.data.map((user: { id: string }) => user.id)).toEqual([promoted.id]);
      expect(byEmail.body.meta.total).toBe(1);
      expect((await api.get('/api/users?q=%25', { token: admin.token })).body.data).toEqual([]);
    });

    it('shows on each row the ban and the chat mute in force, as the moderation service publishes them', async () => {
      const restricted = await registerUser(api, 'restricted');
      expect(
        (await api.post(`/api/admin/users/${restricted.id}/ban`, { kind: 'read-only', reason: 'Спам в комментариях' }, { token: admin.token })).status,
      ).toBe(201);
      expect((await api.post(`/api/admin/users/${restricted.id}/chat-mute`, { minutes: 60, reason: 'Флуд' }, { token: admin.token })).status).toBe(201);
      const row = await waitFor(async () => {
        const res = await api.get(`/api/users?q=${encodeURIComponent(restricted.email)}`, { token: admin.token });
        return res.body.data[0]?.ban && res.body.data[0]?.chatMute ? res.body.data[0] : undefined;
      });
      expect(row.ban).toMatchObject({ kind: 'read-only', reason: 'Спам в комментариях' });
      expect(row.chatMute).toMatchObject({ kind: 'chat-mute', reason: 'Флуд', until: expect.any(String) });
      const others = (await api.get(`/api/users?q=${encodeURIComponent(promoted.email)}`, { token: admin.token })).body.data;
      expect(others[0]).toMatchObject({ id: promoted.id, ban: null, chatMute: null });
    });

    it('answers 400 for a page size above 100 or a page below 1', async () => {
      expectStatus(await api.get('/api/users?limit=101', { token: admin.token }), 400, ErrorCode.ValidationFailed);
      const badPage = await api.get('/api/users?page=0', { token: admin.token });
      expectStatus(badPage, 400, ErrorCode.ValidationFailed);
      expect(badPage.body.errors[0].field).toBe('page');
    });
  });

  describe('PUT /api/user/{id}/admin', () => {
    it('answers 401 to a guest and 403 to a normal user, and changes nothing', async () => {
      expectStatus(await setAdmin(normal.id, true), 401, ErrorCode.Unauthorized);
      expectStatus(await setAdmin(normal.id, true, normal.token), 403, ErrorCode.Forbidden);
      expectStatus(await api.get('/api/users', { token: normal.token }), 403, ErrorCode.Forbidden);
    });

    it('lets an admin grant the role; the new admin can then list users; revoking takes it away again', async () => {
      expectStatus(await api.get('/api/users', { token: promoted.token }), 403, ErrorCode.Forbidden);

      const granted = await setAdmin(promoted.id, true, admin.token);
      expect(granted.status).toBe(200);
      expect(granted.body.data).toMatchObject({ id: promoted.id, isAdmin: true, role: 'admin' });
      expect(secretLookingKeys(granted.body)).toEqual([]);
      // The token was issued while the user was not an admin: the gateway asks auth, not the token.
      expect((await api.get('/api/users', { token: promoted.token })).status).toBe(200);
      const verified = await api.get('/api/auth/verify', { token: promoted.token });
      expect(verified.body.data.user).toMatchObject({ isAdmin: true, role: 'admin' });

      const revoked = await setAdmin(promoted.id, false, admin.token);
      expect(revoked.status).toBe(200);
      expect(revoked.body.data).toMatchObject({ id: promoted.id, isAdmin: false, role: 'user', group: 'user' });
      expectStatus(await api.get('/api/users', { token: promoted.token }), 403, ErrorCode.Forbidden);
      expectStatus(await setAdmin(normal.id, true, promoted.token), 403, ErrorCode.Forbidden);
    });

    it('refuses an admin revoking their own role (403, in Russian); granting oneself again is harmless', async () => {
      expectStatus(await setAdmin(admin.id, false, admin.token), 403, ErrorCode.Forbidden, AUTH_MESSAGES.ownAdminFlag);
      expect((await api.get('/api/auth/verify', { token: admin.token })).body.data.user.isAdmin).toBe(true);
      expect((await setAdmin(admin.id, true, admin.token)).status).toBe(200);
    });

    it('records each change in the audit log: who, whose, the role before and after', async () => {
      const target = await registerUser(api, 'audited');
      expect((await setAdmin(target.id, true, admin.token)).status).toBe(200);
      const entry = await waitFor(async () => {
        const res = await api.get('/api/admin/audit-log?limit=100', { token: admin.token });
        return (res.body.data as Array<Record<string, any>>).find((row) => row.eventName === 'auth.user.role.changed' && row.subjectUserId === target.id);
      });
      expect(entry).toMatchObject({ actorId: admin.id, details: { before: { isAdmin: false, group: 'user' }, after: { isAdmin: true, group: 'user' } } });
    });

    it('answers 400 for an id that is not a uuid', async () => {
      const res = await setAdmin('not-a-uuid', true, admin.token);
      expectStatus(res, 400, ErrorCode.ValidationFailed);
      expect(res.body.errors).toEqual([{ field: 'id', message: 'Некорректный идентификатор пользователя' }]);
    });

    it('answers 400 when isAdmin is missing or not a boolean', async () => {
      for (const body of [{}, { isAdmin: 'yes' }]) {
        const res = await api.put(`/api/user/${normal.id}/admin`, body, { token: admin.token });
        expectStatus(res, 400, ErrorCode.ValidationFailed);
        expect(res.body.errors[0].field).toBe('isAdmin');
      }
      expect((await api.get('/api/auth/verify', { token: normal.token })).body.data.user.isAdmin).toBe(false);
    });

    it('answers 404 for an unknown id', async () => {
      expectStatus(await setAdmin('00000000-0000-4000-8000-000000000000', true, admin.token), 404, ErrorCode.NotFound, AUTH_MESSAGES.userNotFound);
    });
  });

  describe('GET /api/admin/audit-log', () => {
    it('answers 401 to a guest and 403 to a normal user', async () => {
      expectStatus(await api.get('/api/admin/audit-log'), 401, ErrorCode.Unauthorized);
      expectStatus(await api.get('/api/admin/audit-log', { token: normal.token }), 403, ErrorCode.Forbidden);
    });

    it('answers 200 with a page of entries to an admin', async () => {
      const res = await api.get('/api/admin/audit-log?limit=5', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ page: 1, limit: 5, total: expect.any(Number) });
      expect(Array.isArray(res.body.data)).toBe(true);
    });

    it('shows the registrations of this spec, relayed from auth to moderation', async () => {
      const entries = await waitFor(async () => {
        const res = await api.get('/api/admin/audit-log?limit=100', { token: admin.token });
        const mine = (res.body.data as { eventName: string; subjectUserId: string }[]).filter(
          (entry) => entry.eventName === 'auth.user.registered' && [admin.id, normal.id, promoted.id].includes(entry.subjectUserId),
        );
        return mine.length === 3 ? mine : undefined;
      });
      expect(entries.map((entry) => entry.subjectUserId).sort()).toEqual([admin.id, normal.id, promoted.id].sort());
    });
  });
});

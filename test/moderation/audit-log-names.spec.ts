import { randomUUID } from 'node:crypto';
import { ErrorCode, USER_IDS_MAX } from '@portal/contracts';
import { RemoteServiceError, RpcClient } from '@portal/messaging';
import type { RegisteredUser } from '../auth/auth-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

interface Entry {
  eventName: string;
  actorId: string | null;
  actorName: string | null;
  subjectUserId: string | null;
  subjectName: string | null;
}

/**
 * GET /api/admin/audit-log names the actor and the subject by their nicknames as they are now
 * (auth.users.by-ids, docs/moderation.md, «Audit log»), keeping the ids.
 */
describe('audit log names', () => {
  let stack: ModerationStack;
  let admin: RegisteredUser;
  let user: RegisteredUser;

  const entriesAbout = async (subjectUserId: string): Promise<Entry[]> => {
    const res = await stack.api.get(`/api/admin/audit-log?subjectUserId=${subjectUserId}`, auth(admin));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const byIds = (userIds: string[]) => stack.moderation.app.get(RpcClient).send('auth.users.by-ids', { userIds }, { requestId: randomUUID() });

  beforeAll(async () => {
    stack = await startModerationStack('auditnames');
    admin = await stack.admin();
    user = await stack.user();
    expect((await stack.api.post(`/api/admin/users/${user.id}/ban`, { kind: 'warning', reason: 'Оскорбление' }, auth(admin))).status).toBe(201);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('shows the nicknames of the admin who acted and of the user it is about, with their ids', async () => {
    const [warned] = (await entriesAbout(user.id)).filter((entry) => entry.eventName === 'moderation.user.warned');
    expect(warned).toMatchObject({ actorId: admin.id, actorName: admin.username, subjectUserId: user.id, subjectName: user.username });
  });

  it('shows the nickname a user has now, after an admin reset it', async () => {
    const reset = await stack.api.post(`/api/admin/users/${user.id}/reset-nickname`, undefined, auth(admin));
    expect(reset.status).toBe(200);
    const renamed: string = reset.body.data.after;
    expect(renamed).not.toBe(user.username);
    const entries = await entriesAbout(user.id);
    expect(entries.map((entry) => entry.eventName)).toEqual(expect.arrayContaining(['moderation.user.warned', 'moderation.user.nickname-reset']));
    expect(entries.every((entry) => entry.subjectName === renamed)).toBe(true);
  });

  it('leaves the name null for an account that no longer exists', async () => {
    const gone = randomUUID();
    await stack.db.query(
      `INSERT INTO moderation.audit_log (event_id, event_name, subject_user_id, actor_id, details, occurred_at) VALUES ($1, 'moderation.user.warned', $2, $3, '{}', now())`,
      [randomUUID(), gone, admin.id],
    );
    const [entry] = await entriesAbout(gone);
    expect(entry).toMatchObject({ subjectUserId: gone, subjectName: null, actorId: admin.id, actorName: admin.username });
  });

  it('auth.users.by-ids answers the existing accounts among 1 to 100 uuids and refuses anything else', async () => {
    expect(await byIds([user.id, admin.id, randomUUID(), user.id])).toEqual(
      expect.arrayContaining([
        { id: user.id, username: expect.any(String) },
        { id: admin.id, username: admin.username },
      ]),
    );
    expect(await byIds([user.id, admin.id, randomUUID()])).toHaveLength(2);
    for (const invalid of [[], ['not-a-uuid'], Array.from({ length: USER_IDS_MAX + 1 }, () => randomUUID())]) {
      const error = await byIds(invalid).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RemoteServiceError);
      expect((error as RemoteServiceError).payload.code).toBe(ErrorCode.ValidationFailed);
    }
  });
});

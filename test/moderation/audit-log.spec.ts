import type { RegisteredUser } from '../auth/auth-test-kit';
import { expectFieldError } from '../community/community-test-kit';
import { auth, type ModerationStack, startModerationStack } from './moderation-test-kit';

interface Entry {
  id: string;
  eventName: string;
  actorId: string | null;
  subjectUserId: string | null;
  details: { before?: unknown; after?: unknown };
  occurredAt: string;
}

/**
 * GET /api/admin/audit-log's filters (docs/moderation.md, «Audit log»): entries made by real admin
 * actions (a warning, a ban, its lifting), each filter alone and combined, paging, access, bad input.
 */
describe('audit log filters', () => {
  let stack: ModerationStack;
  let first: RegisteredUser;
  let second: RegisteredUser;
  let userA: RegisteredUser;
  let userB: RegisteredUser;

  const list = async (query: Record<string, string | number>, by: RegisteredUser | null = first) =>
    stack.api.get(
      `/api/admin/audit-log?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      auth(by ?? undefined),
    );
  const items = async (query: Record<string, string | number>): Promise<Entry[]> => {
    const res = await list(query);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const names = (entries: Entry[]) => entries.map((entry) => `${entry.eventName} ${entry.subjectUserId}`);

  beforeAll(async () => {
    stack = await startModerationStack('auditlog');
    first = await stack.admin();
    second = await stack.admin();
    userA = await stack.user();
    userB = await stack.user();
    expect((await stack.api.post(`/api/admin/users/${userA.id}/ban`, { kind: 'warning', reason: 'Оскорбление' }, auth(first))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await stack.api.post(`/api/admin/users/${userB.id}/ban`, { kind: 'read-only', reason: 'Спам' }, auth(second))).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await stack.api.delete(`/api/admin/users/${userB.id}/ban`, auth(first))).status).toBeLessThan(300);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('narrows by the actor, newest first, with before/after in the details', async () => {
    expect(names(await items({ actorId: first.id }))).toEqual([`moderation.user.unbanned ${userB.id}`, `moderation.user.warned ${userA.id}`]);
    const [banned] = await items({ actorId: second.id });
    expect(names([banned])).toEqual([`moderation.user.banned ${userB.id}`]);
    expect(banned.actorId).toBe(second.id);
    expect(banned.details.after).toBeTruthy();
    // Upper-case uuids name the same admin.
    expect(await items({ actorId: second.id.toUpperCase() })).toHaveLength(1);
  });

  it('narrows by the event and by the subject, and combines filters with AND', async () => {
    const warned = await items({ event: 'moderation.user.warned', subjectUserId: userA.id });
    expect(names(warned)).toEqual([`moderation.user.warned ${userA.id}`]);
    expect((await items({ event: 'moderation.user.banned' })).every((entry) => entry.eventName === 'moderation.user.banned')).toBe(true);
    const aboutB = await items({ subjectUserId: userB.id });
    expect(aboutB.every((entry) => entry.subjectUserId === userB.id)).toBe(true);
    expect(names(aboutB.filter((entry) => entry.eventName.startsWith('moderation.')))).toEqual([
      `moderation.user.unbanned ${userB.id}`,
      `moderation.user.banned ${userB.id}`,
    ]);
    expect(names(await items({ subjectUserId: userB.id, actorId: first.id }))).toEqual([`moderation.user.unbanned ${userB.id}`]);
    expect(await items({ subjectUserId: userA.id, actorId: second.id })).toEqual([]);
    expect(await items({ event: 'no.such-event' })).toEqual([]);
  });

  it('narrows by a time range, both ends inclusive', async () => {
    const [unbanned, warned] = await items({ actorId: first.id });
    const [banned] = await items({ actorId: second.id });
    expect(names(await items({ subjectUserId: userB.id, from: unbanned.occurredAt }))).toEqual([`moderation.user.unbanned ${userB.id}`]);
    expect(names(await items({ actorId: first.id, to: warned.occurredAt }))).toEqual([`moderation.user.warned ${userA.id}`]);
    expect(names(await items({ event: 'moderation.user.banned', from: banned.occurredAt, to: banned.occurredAt }))).toEqual([
      `moderation.user.banned ${userB.id}`,
    ]);
    expect(await items({ actorId: first.id, from: '2000-01-01', to: '2000-01-02' })).toEqual([]);
    // A bare date `to` takes in the whole day.
    const day = warned.occurredAt.slice(0, 10);
    expect(names(await items({ actorId: first.id, event: 'moderation.user.warned', from: day, to: day }))).toEqual([`moderation.user.warned ${userA.id}`]);
  });

  it('pages a filtered list with its total', async () => {
    const page1 = await list({ actorId: first.id, limit: 1 });
    expect(page1.status).toBe(200);
    expect(names(page1.body.data)).toEqual([`moderation.user.unbanned ${userB.id}`]);
    expect(page1.body.meta).toMatchObject({ page: 1, limit: 1, total: 2 });
    const page2 = await list({ actorId: first.id, limit: 1, page: 2 });
    expect(names(page2.body.data)).toEqual([`moderation.user.warned ${userA.id}`]);
    expect((await list({ actorId: first.id, limit: 1, page: 3 })).body.data).toEqual([]);
  });

  it('is for admins only: a guest gets 401, a user 403', async () => {
    expect((await list({ actorId: first.id }, null)).status).toBe(401);
    expect((await list({ actorId: first.id }, userA)).status).toBe(403);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    expectFieldError(await list({ event: 'Moderation.User' }), 'event');
    expectFieldError(await list({ event: 'moderation_user' }), 'event');
    expectFieldError(await list({ event: 'a'.repeat(101) }), 'event');
    expectFieldError(await list({ actorId: 'not-a-uuid' }), 'actorId');
    expectFieldError(await list({ subjectUserId: '42' }), 'subjectUserId');
    expectFieldError(await list({ from: 'yesterday' }), 'from');
    expectFieldError(await list({ to: '2026-13-45' }), 'to');
    expectFieldError(await list({ from: '2026-02-01', to: '2026-01-01' }), 'from');
    expectFieldError(await list({ limit: 0 }), 'limit');
  });
});

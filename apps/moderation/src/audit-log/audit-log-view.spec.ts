import { NAMES_DEADLINE_MS, type UserNamesLookup } from '../rpc/user-names';
import { auditLogView } from './audit-log-view';
import type { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

const ADMIN = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';
const GONE = '00000000-0000-4000-8000-000000000003';

let counter = 0;
const entry = (actorId: string | null, subjectUserId: string | null): AuditLogEntryEntity => {
  counter += 1;
  return {
    id: `e${counter}`,
    eventId: `ev${counter}`,
    eventName: 'moderation.user.banned',
    actorId,
    subjectUserId,
    details: { reason: 'Спам' },
    occurredAt: new Date('2026-11-26T10:00:00.000Z'),
  };
};

const uuidOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const known: Record<string, string> = { [ADMIN]: 'boss', [USER]: 'hinata' };
const lookupOf =
  (calls: string[][]): UserNamesLookup =>
  async (userIds) => {
    calls.push(userIds);
    return userIds.filter((id) => id !== GONE).map((id) => ({ id, username: known[id] ?? `user${id.slice(-4)}` }));
  };

describe('audit log view', () => {
  it('names the actor and the subject from one lookup of the distinct ids, keeping the ids', async () => {
    const calls: string[][] = [];
    const view = await auditLogView([entry(ADMIN, USER), entry(ADMIN, GONE), entry(null, USER)], lookupOf(calls), () => undefined);
    expect(calls).toEqual([[ADMIN, USER, GONE]]);
    expect(view[0]).toMatchObject({
      actorId: ADMIN,
      actorName: 'boss',
      subjectUserId: USER,
      subjectName: 'hinata',
      details: { reason: 'Спам' },
      occurredAt: '2026-11-26T10:00:00.000Z',
    });
    // An account that is gone has no name; an entry without an actor neither.
    expect(view[1]).toMatchObject({ subjectUserId: GONE, subjectName: null });
    expect(view[2]).toMatchObject({ actorId: null, actorName: null, subjectName: 'hinata' });
  });

  it('does not ask auth about a page without accounts', async () => {
    const calls: string[][] = [];
    const view = await auditLogView([entry(null, null)], lookupOf(calls), () => undefined);
    expect(calls).toEqual([]);
    expect(view[0]).toMatchObject({ actorName: null, subjectName: null });
  });

  it('still answers, with the ids and no names, when auth fails', async () => {
    const failures: unknown[] = [];
    const down: UserNamesLookup = () => Promise.reject(new Error('auth is down'));
    const view = await auditLogView([entry(ADMIN, USER)], down, (error) => failures.push(error));
    expect(view).toEqual([expect.objectContaining({ actorId: ADMIN, actorName: null, subjectUserId: USER, subjectName: null })]);
    expect(failures).toHaveLength(1);
  });

  it('gives up on the names, not the page, when auth does not answer in time', async () => {
    jest.useFakeTimers();
    try {
      const failures: unknown[] = [];
      const silent: UserNamesLookup = () => new Promise(() => undefined);
      const pending = auditLogView([entry(ADMIN, USER)], silent, (error) => failures.push(error));
      await jest.advanceTimersByTimeAsync(NAMES_DEADLINE_MS);
      expect(await pending).toEqual([expect.objectContaining({ actorId: ADMIN, actorName: null, subjectName: null })]);
      expect(failures).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks in batches of 100 when a page names more accounts', async () => {
    const calls: string[][] = [];
    const entries = Array.from({ length: 120 }, (_, index) => entry(uuidOf(1000 + index), uuidOf(2000 + index)));
    const view = await auditLogView(entries, lookupOf(calls), () => undefined);
    expect(calls.map((ids) => ids.length)).toEqual([100, 100, 40]);
    expect(new Set(calls.flat()).size).toBe(240);
    expect(view[119]).toMatchObject({ actorName: 'user1119', subjectName: 'user2119' });
  });
});

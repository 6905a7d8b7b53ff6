import { type AuditLogEntry, USER_IDS_MAX, type UserName } from '@portal/contracts';
import type { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

/** Asks auth for the current nicknames of some accounts (auth.users.by-ids). */
export type UserNamesLookup = (userIds: string[]) => Promise<UserName[]>;

/** The distinct accounts a page mentions, as actor or as subject. */
export function mentionedUserIds(entries: Pick<AuditLogEntryEntity, 'actorId' | 'subjectUserId'>[]): string[] {
  const ids = new Set<string>();
  for (const { actorId, subjectUserId } of entries) {
    if (actorId) ids.add(actorId);
    if (subjectUserId) ids.add(subjectUserId);
  }
  return [...ids];
}

/**
 * How long a page waits for the names: well inside the gateway's own deadline for the page
 * (RPC_TIMEOUT_MS, 5 s by default), so an auth that does not answer costs the names, not the page.
 */
export const NAMES_DEADLINE_MS = 1_500;

class NamesDeadlineError extends Error {
  constructor(ms: number) {
    super(`auth did not name the accounts within ${ms} ms`);
  }
}

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NamesDeadlineError(ms)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A page of the audit log with the actor's and the subject's nicknames as they are now, from one call
 * to auth (a page of 100 entries may name up to 200 accounts: then one call per 100, together). The
 * log must stay readable while auth is down, so a failed call, or one slower than NAMES_DEADLINE_MS,
 * leaves every name null (the ids are still there) and is only reported.
 */
export async function auditLogView(entries: AuditLogEntryEntity[], lookup: UserNamesLookup, onLookupFailed: (error: unknown) => void): Promise<AuditLogEntry[]> {
  const names = new Map<string, string>();
  const ids = mentionedUserIds(entries);
  if (ids.length > 0) {
    try {
      const chunks = Array.from({ length: Math.ceil(ids.length / USER_IDS_MAX) }, (_, index) => ids.slice(index * USER_IDS_MAX, (index + 1) * USER_IDS_MAX));
      const answers = await withinDeadline(Promise.all(chunks.map(lookup)), NAMES_DEADLINE_MS);
      for (const user of answers.flat()) names.set(user.id, user.username);
    } catch (error) {
      onLookupFailed(error);
    }
  }
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return entries.map((entry) => ({
    id: entry.id,
    eventName: entry.eventName,
    subjectUserId: entry.subjectUserId,
    subjectName: nameOf(entry.subjectUserId),
    actorId: entry.actorId,
    actorName: nameOf(entry.actorId),
    details: entry.details as Record<string, unknown>,
    occurredAt: entry.occurredAt.toISOString(),
  }));
}

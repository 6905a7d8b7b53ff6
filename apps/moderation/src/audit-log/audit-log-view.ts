import type { AuditLogEntry } from '@portal/contracts';
import { namesOf, type UserNamesLookup } from '../rpc/user-names';
import type { AuditLogEntryEntity } from './entities/audit-log-entry.entity';

/**
 * A page of the audit log with the actor's and the subject's nicknames as they are now (namesOf: one
 * call to auth per 100 accounts; without auth the names are null and the ids still there).
 */
export async function auditLogView(
  entries: AuditLogEntryEntity[],
  lookup: UserNamesLookup,
  onLookupFailed: (error: unknown) => void,
): Promise<AuditLogEntry[]> {
  const mentioned = entries.flatMap(({ actorId, subjectUserId }) => [actorId, subjectUserId]).filter((id): id is string => id !== null);
  const names = await namesOf(mentioned, lookup, onLookupFailed);
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

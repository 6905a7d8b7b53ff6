import type { EntityManager } from 'typeorm';
import { type AdminAction, ErrorCode, GENERIC_MESSAGES, type RpcMeta } from '@portal/contracts';
import type { OutboxPublisher } from '@portal/messaging';
import { RpcError } from '@portal/platform';

type Fields = Record<string, unknown>;

/** The admin an admin RPC acts for: the gateway lets only admins reach these patterns, with their token's user. */
export function actorOf(meta: RpcMeta): string {
  if (!meta.user) throw RpcError.of(ErrorCode.Unauthorized, GENERIC_MESSAGES.unauthorized);
  return meta.user.id;
}

/**
 * Records `catalogue.admin.acted` in the transaction of the change, so the audit log (docs/moderation.md,
 * «Audit log») has it exactly when the change commits. Catalogue data has no author.
 */
export async function publishAdminAction(outbox: OutboxPublisher, manager: EntityManager, action: Omit<AdminAction, 'subjectUserId'>): Promise<void> {
  await outbox.publish(manager, 'catalogue.admin.acted', { ...action, subjectUserId: null });
}

/** The named fields of a row (null where it has none), in the order of `names`. */
export function pick(row: object, names: readonly string[]): Fields {
  const values = new Map<string, unknown>(Object.entries(row));
  return Object.fromEntries(names.map((name) => [name, values.get(name) ?? null]));
}

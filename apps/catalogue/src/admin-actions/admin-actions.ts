import type { EntityManager } from 'typeorm';
import type { AdminAction } from '@portal/contracts';
import type { OutboxPublisher } from '@portal/messaging';

/**
 * Records `catalogue.admin.acted` in the transaction of the change, so the audit log (docs/moderation.md,
 * «Audit log») has it exactly when the change commits. Catalogue data has no author.
 */
export async function publishAdminAction(outbox: OutboxPublisher, manager: EntityManager, action: Omit<AdminAction, 'subjectUserId'>): Promise<void> {
  await outbox.publish(manager, 'catalogue.admin.acted', { ...action, subjectUserId: null });
}

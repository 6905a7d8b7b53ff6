import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminAction } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { AfterCommit } from '../notifications/after-commit';

/** What an action changed: the fields as they were and as they are. */
export type AuditChange = Pick<AdminAction, 'before' | 'after'>;

/**
 * Publishes an admin's content action (`community.admin.acted`) in the transaction of the change:
 * the moderation's audit log records it as `admin.<target>.<action>` (docs/moderation.md, «Audit log»).
 * The relay is nudged once that transaction commits, so callers need not remember to.
 */
@Injectable()
export class AdminActionPublisher {
  constructor(
    private readonly outbox: OutboxPublisher,
    private readonly afterCommit: AfterCommit,
  ) {}

  async publish(manager: EntityManager, admin: { id: string }, action: Omit<AdminAction, 'actorId'>): Promise<void> {
    await this.outbox.publish(manager, 'community.admin.acted', { actorId: admin.id, ...action });
    this.afterCommit.run(manager, () => this.outbox.afterCommit());
  }
}

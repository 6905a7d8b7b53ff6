import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { execute, selectRows } from '@portal/db';
import { OutboxEventEntity, ProcessedEventEntity } from './outbox-event.entity';

/** A pending event as the relay claimed it. */
export type ClaimedEvent = Pick<OutboxEventEntity, 'id' | 'eventName' | 'payload' | 'occurredAt'>;

/** An outbox row as `claimPending` reads it. */
const ClaimedRow = z.object({
  id: z.string(),
  event_name: z.string(),
  /** The event's payload (OutboxPublisher writes an object: the event's data, its id and time); its shape is the event's. */
  payload: z.record(z.string(), z.unknown()),
  occurred_at: z.date(),
});

const outboxTable = (manager: EntityManager) => `"${(manager.connection.options as { schema?: string }).schema ?? 'public'}"."outbox"`;

@Injectable()
export class OutboxRepository {
  insert(manager: EntityManager, event: Pick<OutboxEventEntity, 'id' | 'eventName' | 'occurredAt'> & { payload: object }) {
    return manager.getRepository(OutboxEventEntity).insert({ ...event, payload: event.payload as never, relayedAt: null });
  }

  /**
   * Claims the oldest pending events for one relay pass, in one statement of its own (no transaction
   * stays open while the pass enqueues): each claimed row is skipped by other relays until `leaseMs`
   * has passed, so a relay that dies mid-pass leaves its rows to the others after the lease.
   */
  async claimPending(manager: EntityManager, limit: number, leaseMs: number): Promise<ClaimedEvent[]> {
    const table = outboxTable(manager);
    const rows = await selectRows(
      manager,
      ClaimedRow,
      // In a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH claimed AS (
         UPDATE ${table} AS o SET "claimed_until" = now() + make_interval(secs => $2::float8 / 1000)
         FROM (SELECT "id" FROM ${table}
               WHERE "relayed_at" IS NULL AND ("claimed_until" IS NULL OR "claimed_until" <= now())
               ORDER BY "occurred_at" LIMIT $1 FOR UPDATE SKIP LOCKED) AS pending
         WHERE o."id" = pending."id"
         RETURNING o."id", o."event_name", o."payload", o."occurred_at")
       SELECT * FROM claimed ORDER BY "occurred_at"`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({ id: row.id, eventName: row.event_name, payload: row.payload, occurredAt: new Date(row.occurred_at) }));
  }

  async markRelayed(manager: EntityManager, ids: string[]) {
    if (ids.length === 0) return;
    await execute(manager, `UPDATE ${outboxTable(manager)} SET "relayed_at" = now(), "claimed_until" = NULL WHERE "id" = ANY($1::uuid[])`, [ids]);
  }

  /** Gives claimed events back at once (a pass that failed), rather than after the lease. */
  async releaseClaims(manager: EntityManager, ids: string[]) {
    if (ids.length === 0) return;
    await execute(manager, `UPDATE ${outboxTable(manager)} SET "claimed_until" = NULL WHERE "id" = ANY($1::uuid[]) AND "relayed_at" IS NULL`, [ids]);
  }

  /** Whether an event was applied already (read outside the transaction that would apply it). */
  async processed(manager: EntityManager, eventId: string): Promise<boolean> {
    return manager.getRepository(ProcessedEventEntity).exists({ where: { eventId } });
  }

  /** Records that an event was applied; false when it already was (a redelivery). */
  async claim(manager: EntityManager, eventId: string, eventName: string): Promise<boolean> {
    const result = await manager.createQueryBuilder().insert().into(ProcessedEventEntity).values({ eventId, eventName }).orIgnore().execute();
    return (result.raw as unknown[]).length > 0;
  }
}

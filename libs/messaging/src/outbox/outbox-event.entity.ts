import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes, relayed after commit. */
@Entity({ name: 'outbox' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'event_name', type: 'text' })
  eventName!: string;

  @Column({ type: 'jsonb' })
  payload!: object;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt!: Date | null;
}

/** One row per event a consumer has applied: the idempotency record. */
@Entity({ name: 'processed_events' })
export class ProcessedEventEntity {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'event_name', type: 'text' })
  eventName!: string;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}

export const EVENT_ENTITIES = [OutboxEventEntity, ProcessedEventEntity];

/** DDL for a service's initial migration; kept here so every schema gets the same tables. */
export function eventTablesSql(schema: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${schema}"."outbox" (
      "id" uuid PRIMARY KEY,
      "event_name" text NOT NULL,
      "payload" jsonb NOT NULL,
      "occurred_at" timestamptz NOT NULL,
      "relayed_at" timestamptz
    )`,
    `CREATE INDEX IF NOT EXISTS "outbox_pending_idx" ON "${schema}"."outbox" ("occurred_at") WHERE "relayed_at" IS NULL`,
    `CREATE TABLE IF NOT EXISTS "${schema}"."processed_events" (
      "event_id" uuid PRIMARY KEY,
      "event_name" text NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now()
    )`,
  ];
}

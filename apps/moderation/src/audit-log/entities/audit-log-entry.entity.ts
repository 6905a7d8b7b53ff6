import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Something that happened to an account, or an admin's action (actorId), as moderators review it. One row per event. */
@Entity({ name: 'audit_log' })
export class AuditLogEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'event_id', type: 'uuid', unique: true })
  eventId!: string;

  @Column({ name: 'event_name', type: 'text' })
  eventName!: string;

  /** Whom it is about; null when no account is (an admin's decision on an AMV). */
  @Column({ name: 'subject_user_id', type: 'uuid', nullable: true })
  subjectUserId!: string | null;

  /** The admin who acted; null for an account's own events. */
  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ type: 'jsonb' })
  details!: object;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}

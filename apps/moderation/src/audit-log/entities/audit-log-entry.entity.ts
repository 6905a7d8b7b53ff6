import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Something that happened to an account, as moderators review it. One row per event. */
@Entity({ name: 'audit_log' })
export class AuditLogEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'event_id', type: 'uuid', unique: true })
  eventId!: string;

  @Column({ name: 'event_name', type: 'text' })
  eventName!: string;

  @Column({ name: 'subject_user_id', type: 'uuid' })
  subjectUserId!: string;

  @Column({ type: 'jsonb' })
  details!: object;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserGroup, UserRole } from '@portal/contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ type: 'text', nullable: true })
  avatar!: string | null;

  @Column({ name: 'profile_banner', type: 'text', nullable: true })
  profileBanner!: string | null;

  @Column({ name: 'is_animated_avatar', type: 'boolean', default: false })
  isAnimatedAvatar!: boolean;

  @Column({ name: 'is_animated_banner', type: 'boolean', default: false })
  isAnimatedBanner!: boolean;

  @Column({ name: 'user_group', type: 'text', default: 'user' })
  group!: UserGroup;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  /** May upload and publish episodes (an admin may anyway). */
  @Column({ name: 'is_uploader', type: 'boolean', default: false })
  isUploader!: boolean;

  @Column({ type: 'text', default: 'новичок' })
  rank!: string;

  @Column({ name: 'skip_opening', type: 'boolean', default: false })
  skipOpening!: boolean;

  @Column({ name: 'skip_ending', type: 'boolean', default: false })
  skipEnding!: boolean;

  @Column({ name: 'telegram_user_id', type: 'text', nullable: true })
  telegramUserId!: string | null;

  @Column({ name: 'telegram_notices', type: 'boolean', default: false })
  telegramNotices!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  get role(): UserRole {
    return this.isAdmin || this.group === 'admin' || this.group === 'moderator' ? 'admin' : 'user';
  }
}

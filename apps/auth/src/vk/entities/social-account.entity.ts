import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type SocialProvider = 'vk';

@Entity({ name: 'social_accounts' })
export class SocialAccountEntity {
  @PrimaryColumn({ type: 'text' })
  provider!: SocialProvider;

  @PrimaryColumn({ name: 'provider_user_id', type: 'text' })
  providerUserId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

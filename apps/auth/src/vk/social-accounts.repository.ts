import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SocialAccountEntity, type SocialProvider } from './entities/social-account.entity';

@Injectable()
export class SocialAccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(SocialAccountEntity);
  }

  find(provider: SocialProvider, providerUserId: string) {
    return this.repo().findOneBy({ provider, providerUserId });
  }

  findOfUser(provider: SocialProvider, userId: string) {
    return this.repo().findOneBy({ provider, userId });
  }

  async insert(manager: EntityManager | undefined, account: Pick<SocialAccountEntity, 'provider' | 'providerUserId' | 'userId'>): Promise<void> {
    await this.repo(manager).insert(account);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from './entities/user.entity';

@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(UserEntity);
  }

  findById(id: string) {
    return this.repo().findOneBy({ id });
  }

  /** Current nicknames of the accounts among `ids` (one query; missing accounts are simply absent). */
  namesByIds(ids: string[]): Promise<{ id: string; username: string }[]> {
    return this.repo().createQueryBuilder('user').select(['user.id', 'user.username']).where('user.id = ANY(:ids)', { ids }).getMany();
  }

  findByUsername(username: string) {
    return this.repo().createQueryBuilder('user').where('lower(user.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string) {
    return this.repo().createQueryBuilder('user').where('lower(user.email) = lower(:email)', { email }).getOne();
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.findByUsername(username)) !== null;
  }

  insert(manager: EntityManager, user: Partial<UserEntity>): Promise<UserEntity> {
    return this.repo(manager).save(this.repo(manager).create(user));
  }

  save(user: UserEntity): Promise<UserEntity> {
    return this.repo().save(user);
  }

  /** Newest first; `prefix` keeps nicknames or emails starting with it (any case). */
  async page(page: number, limit: number, prefix?: string): Promise<[UserEntity[], number]> {
    const query = this.repo()
      .createQueryBuilder('user')
      .orderBy('user.createdAt', 'DESC')
      .addOrderBy('user.id', 'DESC')
      .skip((page - 1) * limit)
      .take(limit);
    if (prefix) {
      const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      query.where('(lower(user.username) LIKE :pattern OR lower(user.email) LIKE :pattern)', { pattern });
    }
    return query.getManyAndCount();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { FakeDatabase } from '@portal/testing';
import { UserEntity } from '../users/entities/user.entity';
import type { UsersRepository } from '../users/users.repository';

/** A unique violation as PostgreSQL reports it through TypeORM (code 23505 and the index's name). */
export const uniqueViolation = (constraint: string) =>
  Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', driverError: { constraint } });

/**
 * auth's accounts on the fake database, with the two unique indexes of the users table: nickname
 * and email, each in any case (`users_username_unique`, `users_email_unique` on lower(...)).
 * Lookups by nickname and email ignore case, as the SQL does.
 */
export class FakeUsersRepository implements Pick<UsersRepository, 'findById' | 'findByUsername' | 'findByEmail' | 'usernameExists' | 'insert' | 'transaction'> {
  readonly rows: Map<string, UserEntity>;

  constructor(private readonly db: FakeDatabase) {
    this.rows = db.table('auth.users');
  }

  /** An account stored directly; returns it. */
  seed(fields: Partial<UserEntity> & Pick<UserEntity, 'username' | 'email'>): UserEntity {
    const user = this.build(fields);
    this.rows.set(user.id, user);
    return user;
  }

  findById(id: string): Promise<UserEntity | null> {
    return Promise.resolve(this.rows.get(id) ?? null);
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return Promise.resolve(this.find((user) => user.username.toLowerCase() === username.toLowerCase()));
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return Promise.resolve(this.find((user) => user.email.toLowerCase() === email.toLowerCase()));
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.findByUsername(username)) !== null;
  }

  insert(manager: EntityManager, fields: Partial<UserEntity>): Promise<UserEntity> {
    this.db.written(manager, `the account ${fields.username}`);
    const user = this.build(fields);
    if (this.find((other) => other.username.toLowerCase() === user.username.toLowerCase())) return Promise.reject(uniqueViolation('users_username_unique'));
    if (this.find((other) => other.email.toLowerCase() === user.email.toLowerCase())) return Promise.reject(uniqueViolation('users_email_unique'));
    this.rows.set(user.id, user);
    return Promise.resolve(user);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private find(match: (user: UserEntity) => boolean): UserEntity | null {
    return [...this.rows.values()].find(match) ?? null;
  }

  /** A row with the table's defaults for what `fields` leaves out. */
  private build(fields: Partial<UserEntity>): UserEntity {
    const now = this.db.now();
    return Object.assign(new UserEntity(), {
      id: randomUUID(),
      username: '',
      email: '',
      passwordHash: '',
      displayName: fields.username ?? '',
      avatar: null,
      profileBanner: null,
      isAnimatedAvatar: false,
      isAnimatedBanner: false,
      group: 'user',
      isAdmin: false,
      rank: 'новичок',
      skipOpening: false,
      skipEnding: false,
      telegramUserId: null,
      telegramNotices: false,
      createdAt: now,
      updatedAt: now,
      ...fields,
    } satisfies Partial<UserEntity>);
  }
}

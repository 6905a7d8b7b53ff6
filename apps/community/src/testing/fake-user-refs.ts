import type { EntityManager } from 'typeorm';
import type { FakeDatabase } from '@portal/testing';
import type { UserRef, UserRefsRepository } from '../accounts/user-refs.repository';
import { TABLES } from './tables';

/** The community's copies of accounts (comment authors) in the fake database; `ensure` keeps an existing row. */
export class FakeUserRefs implements Pick<UserRefsRepository, 'exists' | 'ensure'> {
  readonly rows: Map<string, UserRef>;

  constructor(private readonly db: FakeDatabase) {
    this.rows = db.table<string, UserRef>(TABLES.userRefs);
  }

  /** An account the community already knows (as an event would have stored it). */
  add(id: string, username: string, fields: Partial<UserRef> = {}): UserRef {
    const ref: UserRef = { id, username, displayName: username, avatar: null, rank: null, ...fields };
    this.rows.set(id, ref);
    return ref;
  }

  exists(id: string): Promise<boolean> {
    return Promise.resolve(this.rows.has(id));
  }

  ensure(manager: EntityManager, ref: UserRef): Promise<void> {
    this.db.written(manager, `the user ref ${ref.id}`);
    if (!this.rows.has(ref.id)) this.rows.set(ref.id, ref);
    return Promise.resolve();
  }
}

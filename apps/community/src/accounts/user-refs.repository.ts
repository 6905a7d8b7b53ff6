import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { UserPublicSlice } from '@portal/contracts';
import { execute, selectRows } from '@portal/db';

/** An account as the community shows it; `rank` null when not known yet. */
export interface UserRef {
  id: string;
  username: string;
  displayName: string;
  avatar: string | null;
  rank: string | null;
}

/** The epoch: the version of a row made on a write, before any event about the account arrived. */
const NO_EVENT_YET = new Date(0).toISOString();

/**
 * The community's read model of accounts (comment authors), fed by auth's events. Each row keeps the
 * time of the event it comes from, so events applied out of order leave the newest state.
 */
@Injectable()
export class UserRefsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async exists(id: string): Promise<boolean> {
    const rows = await selectRows(this.dataSource, z.object({ found: z.literal(1) }), `SELECT 1 AS found FROM community.user_refs WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** What an event says of an account, unless a newer event was applied already. */
  async applyEvent(manager: EntityManager, id: string, slice: Omit<UserPublicSlice, 'rank'> & { rank: string | null }, occurredAt: string): Promise<void> {
    await execute(
      manager,
      `INSERT INTO community.user_refs AS u (id, username, display_name, avatar, rank, version) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name, avatar = excluded.avatar,
         rank = coalesce(excluded.rank, u.rank), version = excluded.version, updated_at = now()
       WHERE u.version < excluded.version`,
      [id, slice.username, slice.displayName, slice.avatar, slice.rank, occurredAt],
    );
  }

  /** A row for an author no event has told about yet (kept as it is when one exists). */
  async ensure(manager: EntityManager, ref: UserRef): Promise<void> {
    await execute(
      manager,
      `INSERT INTO community.user_refs (id, username, display_name, avatar, rank, version) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [ref.id, ref.username, ref.displayName, ref.avatar, ref.rank, NO_EVENT_YET],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { existingRow, returning, selectRow, selectRows } from '@portal/db';

/** A chat message, as every read selects it (COLUMNS). */
export const MessageRow = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  username: z.string(),
  avatar: z.string().nullable(),
  message: z.string(),
  is_system: z.boolean(),
  created_at: z.date(),
});
export type MessageRow = z.output<typeof MessageRow>;

// The id leaves as text (a bigint does not fit a JS number); ordering must use the column, m.id.
const COLUMNS = 'm.id::text AS id, m.user_id, m.username, m.avatar, m.message, m.is_system, m.created_at';

@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The newest `limit` visible messages older than `before` (all when absent), newest first. */
  page(before: string | null, limit: number): Promise<MessageRow[]> {
    return selectRows(
      this.dataSource,
      MessageRow,
      `SELECT ${COLUMNS} FROM chat.messages m WHERE m.deleted_at IS NULL AND ($1::bigint IS NULL OR m.id < $1::bigint)
       ORDER BY m.id DESC LIMIT $2`,
      [before, limit],
    );
  }

  async findVisible(id: string): Promise<MessageRow | null> {
    return selectRow(this.dataSource, MessageRow, `SELECT ${COLUMNS} FROM chat.messages m WHERE m.id = $1::bigint AND m.deleted_at IS NULL`, [id]);
  }

  async insert(
    values: { userId: string | null; username: string; avatar: string | null; message: string; isSystem: boolean },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MessageRow> {
    const row = existingRow(
      await selectRow(
        manager,
        MessageRow,
        `INSERT INTO chat.messages AS m (user_id, username, avatar, message, is_system) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [values.userId, values.username, values.avatar, values.message, values.isSystem],
      ),
      'An INSERT … RETURNING answered no row',
    );
    return row;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Soft delete, so a moderation report can still show what was said. Returns its author and text; null when no such visible message. */
  async markDeleted(id: string, manager: EntityManager): Promise<Pick<MessageRow, 'id' | 'user_id' | 'message'> | null> {
    return selectRow(
      manager,
      MessageRow.pick({ id: true, user_id: true, message: true }),
      returning(`UPDATE chat.messages SET deleted_at = now() WHERE id = $1::bigint AND deleted_at IS NULL RETURNING id::text AS id, user_id, message`),
      [id],
    );
  }
}

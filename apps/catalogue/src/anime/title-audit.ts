import type { EntityManager } from 'typeorm';
import type { AdminActionTarget } from '@portal/contracts';
import type { OutboxPublisher } from '@portal/messaging';
import { changedFields } from '@portal/platform';
import { publishAdminAction } from '../admin-actions/admin-actions';
import type { AnimeRepository } from './anime.repository';
import type { AnimeRow } from './anime.rows';

/** What the audit log keeps of a deleted title: enough to tell which one it was. */
export const TITLE_MAIN_COLUMNS = ['title', 'title_ru', 'title_romaji', 'title_en', 'kind', 'status', 'episodes', 'year', 'season', 'id_shiki', 'poster'];

/** A title's columns under the names the admin API gives them (`title_ru` → `titleRu`). */
export function titleFields(row: AnimeRow, columns: readonly string[]): Record<string, unknown> {
  const values = row as unknown as Record<string, unknown>;
  return Object.fromEntries(columns.map((column) => [column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()), values[column] ?? null]));
}

/**
 * Records an admin's change of a title's columns (`catalogue.admin.acted`, action `updated`) with the
 * fields it changed, as they were (`before`, the row read before the write) and as they now are.
 */
export async function publishTitleAdminChange(
  outbox: OutboxPublisher,
  anime: AnimeRepository,
  manager: EntityManager,
  change: { actorId: string; target: AdminActionTarget; before: AnimeRow; columns: readonly string[] },
): Promise<void> {
  const after = await anime.findById(change.before.id, manager);
  if (!after) return;
  await publishAdminAction(outbox, manager, {
    actorId: change.actorId,
    target: change.target,
    targetId: String(change.before.id),
    action: 'updated',
    ...changedFields(titleFields(change.before, change.columns), titleFields(after, change.columns)),
  });
}

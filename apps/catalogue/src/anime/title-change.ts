import type { EntityManager } from 'typeorm';
import type { OutboxPublisher } from '@portal/messaging';
import { toTitleRef } from './anime.mapper';
import type { AnimeRepository } from './anime.repository';

/**
 * Records `catalogue.anime.updated` in the writing transaction, carrying the title as it now is, so
 * a consumer (the community's lists) updates its copy without calling back: a call back from inside
 * its event transaction would hold that transaction open on another service's answer.
 */
export async function publishTitleChange(
  outbox: OutboxPublisher,
  anime: AnimeRepository,
  manager: EntityManager,
  animeId: number,
  change: 'created' | 'updated' | 'deleted',
): Promise<void> {
  await publishTitleChanges(outbox, anime, manager, [animeId], change);
}

/** The same for many titles at once (a re-import), with one read of their current state. */
export async function publishTitleChanges(
  outbox: OutboxPublisher,
  anime: AnimeRepository,
  manager: EntityManager,
  animeIds: number[],
  change: 'created' | 'updated' | 'deleted',
): Promise<void> {
  const rows = change === 'deleted' ? [] : await anime.refsByIdsOrShikiIds(animeIds, manager);
  const current = new Map(rows.filter((row) => row.id === row.requested).map((row) => [row.id, row]));
  for (const animeId of animeIds) {
    const row = current.get(animeId);
    await outbox.publish(manager, 'catalogue.anime.updated', { animeId, change, ...(row && { title: toTitleRef(row) }) });
  }
}

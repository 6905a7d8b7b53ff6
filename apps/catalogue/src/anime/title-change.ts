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
  const [row] = change === 'deleted' ? [] : await anime.refsByIdsOrShikiIds([animeId], manager);
  await outbox.publish(manager, 'catalogue.anime.updated', { animeId, change, ...(row && row.id === animeId && { title: toTitleRef(row) }) });
}

/**
 * A re-import's batch of changed titles as one `catalogue.anime.reimported`, in the batch's
 * transaction: the lists' copies follow, while the response cache is dropped once after the whole
 * import rather than once per title.
 */
export async function publishReimportedTitles(outbox: OutboxPublisher, anime: AnimeRepository, manager: EntityManager, animeIds: number[]): Promise<void> {
  if (animeIds.length === 0) return;
  const rows = await anime.refsByIdsOrShikiIds(animeIds, manager);
  const titles = rows.filter((row) => row.id === row.requested).map(toTitleRef);
  await outbox.publish(manager, 'catalogue.anime.reimported', { titles });
}

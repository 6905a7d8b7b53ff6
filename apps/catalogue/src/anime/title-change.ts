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

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { AnimeStatsRepository } from '../anime-stats.repository';
import { deltasOf } from '../list-stats-deltas';

/**
 * Feeds the per-title statistics from the community's list and rating events. Each event is applied
 * once (the consumer records its id in the same transaction). /anime/{id}/stats is not in the
 * gateway's response cache, so nothing needs invalidating.
 */
@Injectable()
export class CommunityEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly stats: AnimeStatsRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('community.list.updated', (change, manager) => this.stats.add(manager, deltasOf([change])));
    this.consumer.on('community.rating.updated', (change, manager) => this.stats.add(manager, deltasOf([change])));
    this.consumer.on('community.list.imported', ({ entries }, manager) => this.stats.add(manager, deltasOf(entries)));
  }
}

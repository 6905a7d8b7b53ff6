import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { RankingCountersRepository } from '../ranking-counters.repository';
import { completedDelta, ratedDelta, titleScoreDeltas } from '../ranking-deltas';
import { TitleRankingsRepository } from '../title-rankings.repository';

/**
 * Completed titles, scores given and each title's scores follow the list events: every path that
 * changes a list (the list page, imports, a released order) publishes them already, in the same
 * transaction. Applied once per eventId (the consumer's claim commits with the deltas), and the
 * deltas add up to the lists' state in any order of delivery.
 */
@Injectable()
export class RankingListEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly counters: RankingCountersRepository,
    private readonly titles: TitleRankingsRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('community.list.updated', (change, manager) => this.counters.add(manager, completedDelta(change.userId, [change])));
    this.consumer.on('community.rating.updated', async (change, manager) => {
      await this.counters.add(manager, ratedDelta(change.userId, [change]));
      await this.titles.addScores(manager, titleScoreDeltas([change]));
    });
    this.consumer.on('community.list.imported', async ({ userId, entries }, manager) => {
      await this.counters.add(manager, [...completedDelta(userId, entries), ...ratedDelta(userId, entries)]);
      await this.titles.addScores(manager, titleScoreDeltas(entries));
    });
  }
}

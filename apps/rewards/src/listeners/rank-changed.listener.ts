import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { RankPusher } from '../ranks/rank-pusher';

/**
 * The rewards service hears its own rank changes: the ledger publishes them in the transaction that
 * credits the points, so the push to the user's tabs happens only once that has committed.
 */
@Injectable()
export class RankChangedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly pusher: RankPusher,
  ) {}

  onModuleInit() {
    this.consumer.on('rewards.rank.changed', ({ userId, rank, previousRank, xp }) =>
      Promise.resolve(() => this.pusher.changed(userId, { rank, previousRank, xp })),
    );
  }
}

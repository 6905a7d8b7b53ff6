import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { AchievementsRepository } from '../achievements/achievements.repository';
import { CardGrants } from '../cards/card-grants.service';
import { PointsLedger } from '../points/points-ledger';

/**
 * An approved review: points, the review card and the first-review achievement, each once per review
 * (a review is approved again after every edit; the keys make that change nothing). The card is
 * requested before the event's transaction (a queue add, never inside one: docs/architecture.md).
 */
@Injectable()
export class ReviewsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly ledger: PointsLedger,
    private readonly cardGrants: CardGrants,
    private readonly achievements: AchievementsRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('community.review.approved', {
      prepare: ({ reviewId, authorId }) => this.cardGrants.request({ key: `review:${reviewId}`, userId: authorId, source: 'review' }),
      apply: async ({ reviewId, authorId }, manager) => {
        await this.ledger.earn(manager, { userId: authorId, kind: 'review.approved', key: `review:${reviewId}` });
        await this.achievements.grant(manager, authorId, 'first-review', 'first-review');
      },
    });
  }
}

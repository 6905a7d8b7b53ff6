import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { PointsLedger } from '../points/points-ledger';

/** Quiz successes (the first per quiz) and likes by others earn points, within the daily caps. */
@Injectable()
export class ActivityListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly ledger: PointsLedger,
  ) {}

  onModuleInit() {
    this.consumer.on('community.quiz.result.recorded', async ({ quizId, userId, firstSuccess }, manager) => {
      if (firstSuccess) await this.ledger.earn(manager, { userId, kind: 'quiz.success', key: `quiz:${quizId}:${userId}` });
    });
    this.consumer.on('community.comment.liked', async ({ commentId, authorId, likerId }, manager) => {
      // The community never announces a self-like; should one come, it earns nothing.
      if (likerId === authorId) return;
      await this.ledger.earn(manager, { userId: authorId, kind: 'comment.liked', key: `like:${commentId}:${likerId}` });
    });
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { RankingCountersRepository } from '../ranking-counters.repository';

/** The quiz board counts each user's first success per quiz, once per eventId. */
@Injectable()
export class RankingQuizResultsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly counters: RankingCountersRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('community.quiz.result.recorded', async (result, manager) => {
      if (result.firstSuccess) await this.counters.add(manager, [{ userId: result.userId, board: 'byQuiz', delta: 1 }]);
    });
  }
}

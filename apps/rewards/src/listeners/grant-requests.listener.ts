import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { CardGrants } from '../cards/card-grants.service';

/**
 * Grants decided inside a rewards transaction (the watching card: its key is the count that
 * transaction keeps) reach the grant queue here, after that commit, with no transaction open: the
 * rewards outbox delivered `rewards.grant.requested` (docs/rewards.md, «Grants and exactly once»).
 * A failed add fails the attempt, which BullMQ retries; the job id (the key) keeps it one grant.
 */
@Injectable()
export class GrantRequestsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly cardGrants: CardGrants,
  ) {}

  onModuleInit() {
    this.consumer.on('rewards.grant.requested', {
      prepare: ({ key, userId, source }) => this.cardGrants.request({ key, userId, source }),
    });
  }
}

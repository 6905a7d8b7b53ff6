import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { CardGrants } from '../cards/card-grants.service';

/**
 * A new account gets its registration card, once (the key; the registration answer awaits it). A
 * queue add, so it runs before the event's transaction, which only records the event as applied.
 */
@Injectable()
export class RegistrationListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly cardGrants: CardGrants,
  ) {}

  onModuleInit() {
    this.consumer.on('auth.user.registered', {
      prepare: ({ userId }) => this.cardGrants.request({ key: `registration:${userId}`, userId, source: 'registration' }),
    });
  }
}

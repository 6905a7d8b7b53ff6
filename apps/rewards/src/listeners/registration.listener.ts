import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { CardGrants } from '../cards/card-grants.service';

/** A new account gets its registration card, once (the key; the registration answer awaits it). */
@Injectable()
export class RegistrationListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly cardGrants: CardGrants,
  ) {}

  onModuleInit() {
    this.consumer.on('auth.user.registered', async ({ userId }) => {
      await this.cardGrants.request({ key: `registration:${userId}`, userId, source: 'registration' });
    });
  }
}

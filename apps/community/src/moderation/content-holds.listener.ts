import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { ContentHoldsRepository } from './content-holds.repository';

/** Hides reported comments and reviews while moderation holds them, and shows them again on release. */
@Injectable()
export class ContentHoldsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly holds: ContentHoldsRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('moderation.content.held', async ({ target }, manager) => {
      await this.holds.setHeld(manager, target.type, target.id, true);
    });
    this.consumer.on('moderation.content.released', async ({ target }, manager) => {
      await this.holds.setHeld(manager, target.type, target.id, false);
    });
  }
}

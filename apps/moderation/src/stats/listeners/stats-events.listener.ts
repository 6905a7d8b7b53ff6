import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { StatsRepository } from '../stats.repository';

/**
 * Counts the site's activity per day from other services' events. Registrations are counted by the
 * audit log's listener of auth.user.registered (one handler per event and service).
 */
@Injectable()
export class StatsEventsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly stats: StatsRepository,
  ) {}

  onModuleInit() {
    this.consumer.on('community.comment.posted', ({ occurredAt }, manager) => this.stats.increment(manager, 'comments', occurredAt));
    this.consumer.on('community.review.posted', ({ occurredAt }, manager) => this.stats.increment(manager, 'reviews', occurredAt));
    this.consumer.on('chat.message.posted', ({ occurredAt }, manager) => this.stats.increment(manager, 'chatMessages', occurredAt));
    this.consumer.on('community.episode.watched', ({ occurredAt }, manager) => this.stats.increment(manager, 'episodesWatched', occurredAt));
  }
}

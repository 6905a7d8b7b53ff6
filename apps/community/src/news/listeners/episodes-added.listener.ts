import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventPayload } from '@portal/contracts';
import { EventConsumer } from '@portal/messaging';
import { ListEntriesRepository } from '../../library/list-entries.repository';
import { NotificationsService } from '../../notifications/notifications.service';
import { NewsService } from '../services/news.service';

/**
 * When the catalogue links new episodes of a title: «Вышла N серия …» in the news (idempotent on the
 * episode), and a notification to everyone watching it (bell, and Telegram for those who opted in).
 * Both in the event's transaction, which the consumer applies once per event id.
 */
@Injectable()
export class EpisodesAddedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly news: NewsService,
    private readonly entries: ListEntriesRepository,
    private readonly notifications: NotificationsService,
  ) {}

  onModuleInit() {
    this.consumer.on('catalogue.episodes.added', async (event, manager) => {
      await this.news.episodesAdded(manager, event);
      await this.notifyWatchers(manager, event);
    });
  }

  private async notifyWatchers(manager: EntityManager, { animeId, title, episodes }: EventPayload<'catalogue.episodes.added'>): Promise<void> {
    if (episodes.length === 0) return;
    const target = { type: 'episode' as const, animeId, animeTitle: title, episodes: [...episodes].sort((a, b) => a - b) };
    for (const userId of await this.entries.userIdsWithStatus(manager, animeId, 'watching')) {
      await this.notifications.notify(manager, { userId, kind: 'episode.released', target });
    }
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { NewsService } from '../services/news.service';

/** «Вышла N серия …» when the catalogue links new episodes of a title (idempotent on the event and on the episode). */
@Injectable()
export class EpisodesAddedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly news: NewsService,
  ) {}

  onModuleInit() {
    this.consumer.on('catalogue.episodes.added', (event, manager) => this.news.episodesAdded(manager, event));
  }
}

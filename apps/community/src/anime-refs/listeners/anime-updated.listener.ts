import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { AnimeRefsService } from '../anime-refs.service';

/** Keeps the lists' copy of a title (name, poster, episode count) in step with the catalogue. */
@Injectable()
export class CatalogueAnimeUpdatedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly refs: AnimeRefsService,
  ) {}

  onModuleInit() {
    this.consumer.on('catalogue.anime.updated', ({ animeId, title }, manager) => this.refs.refresh([{ animeId, title }], manager));
    this.consumer.on('catalogue.anime.reimported', ({ titles }, manager) =>
      this.refs.refresh(
        titles.map((title) => ({ animeId: title.id, title })),
        manager,
      ),
    );
  }
}

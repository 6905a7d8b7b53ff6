import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EventConsumer } from '@portal/messaging';
import { CatalogueCacheInvalidator } from './catalogue-cache-invalidator';

/**
 * The durable path of cache invalidation: writers drop the cache right after they commit, and this
 * drops it again when their event arrives, covering a process that died in between. A Redis call,
 * so it runs before the event's transaction (docs/architecture.md, «No remote call inside a transaction»).
 */
@Injectable()
export class AnimeUpdatedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly cache: CatalogueCacheInvalidator,
  ) {}

  onModuleInit() {
    this.consumer.on('catalogue.anime.updated', { prepare: () => this.cache.invalidate() });
  }
}

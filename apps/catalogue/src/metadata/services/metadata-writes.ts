import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminActionTarget } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { AnimeRepository } from '../../anime/anime.repository';
import { publishTitleChange } from '../../anime/title-change';
import { publishTitleAdminChange } from '../../anime/title-audit';
import { CatalogueCacheInvalidator } from '../../cache/catalogue-cache-invalidator';

/**
 * The write path of AnimeAdminService, for the sync's writes: the rows and their
 * `catalogue.anime.updated` events commit together, then the cached pages are dropped at once (the
 * event is the durable path should the process die in between).
 */
@Injectable()
export class MetadataWrites {
  constructor(
    private readonly anime: AnimeRepository,
    private readonly outbox: OutboxPublisher,
    private readonly cache: CatalogueCacheInvalidator,
  ) {}

  async commit<T>(work: (write: TitleWriter) => Promise<T>): Promise<T> {
    const result = await this.anime.transaction((manager) => work(new TitleWriter(manager, this.anime, this.outbox)));
    this.outbox.afterCommit();
    await this.cache.invalidate();
    return result;
  }
}

/** Writes of one transaction. */
export class TitleWriter {
  constructor(
    readonly manager: EntityManager,
    private readonly anime: AnimeRepository,
    private readonly outbox: OutboxPublisher,
  ) {}

  /** Writes the columns (locking them against the dataset import) and records the change. */
  async update(animeId: number, columns: Record<string, unknown>): Promise<boolean> {
    if (!(await this.anime.update(this.manager, animeId, columns))) return false;
    await publishTitleChange(this.outbox, this.anime, this.manager, animeId, 'updated');
    return true;
  }

  /** An admin's change: written and recorded like any other, and for the audit log too (`catalogue.admin.acted`). */
  async updateAsAdmin(actorId: string, target: AdminActionTarget, animeId: number, columns: Record<string, unknown>): Promise<boolean> {
    const before = await this.anime.lockById(this.manager, animeId);
    if (!before || !(await this.update(animeId, columns))) return false;
    await publishTitleAdminChange(this.outbox, this.anime, this.manager, { actorId, target, before, columns: Object.keys(columns) });
    return true;
  }
}

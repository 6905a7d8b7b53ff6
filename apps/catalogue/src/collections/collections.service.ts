import { Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  ErrorCode,
  type Collection,
  type CollectionDeleted,
  type CollectionDetails,
  type CollectionUpdated,
  type CollectionWrite,
  type Page,
} from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { changedFields, RpcError } from '@portal/platform';
import { publishAdminAction } from '../admin-actions/admin-actions';
import { toAnimeSummary } from '../anime/anime.mapper';
import { AnimeRepository } from '../anime/anime.repository';
import { CatalogueCacheInvalidator } from '../cache/catalogue-cache-invalidator';
import { CollectionsRepository, type CollectionRow } from './collections.repository';

const toCollection = (row: CollectionRow): Collection => ({
  id: row.id,
  title: row.title,
  description: row.description,
  cover: row.cover ? `/uploads/${row.cover}` : null,
  featured: row.featured,
  animeCount: row.anime_count,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Curated lists of titles. Covers are stored by the gateway; this keeps their storage keys. */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly anime: AnimeRepository,
    private readonly cache: CatalogueCacheInvalidator,
    private readonly outbox: OutboxPublisher,
  ) {}

  async list(page: number, limit: number): Promise<Page<Collection>> {
    const { rows, total } = await this.collections.list(limit, (page - 1) * limit);
    return { items: rows.map(toCollection), page, limit, total };
  }

  async featured(): Promise<Collection[]> {
    return (await this.collections.featured()).map(toCollection);
  }

  async details(id: number): Promise<CollectionDetails> {
    const row = await this.collections.find(id);
    if (!row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.collectionNotFound);
    return { ...toCollection(row), anime: (await this.collections.anime(id)).map(toAnimeSummary) };
  }

  /** Each admin write is published in its transaction (`catalogue.admin.acted`): the moderation's audit log records it. */
  async create(actorId: string, write: CollectionWrite & { title: string }): Promise<CollectionDetails> {
    const animeIds = await this.checkedAnimeIds(write.animeIds ?? []);
    const id = await this.collections.transaction(async (manager) => {
      const created = await this.collections.insert(manager, {
        title: write.title,
        description: write.description ?? '',
        featured: write.featured ?? false,
        cover: write.cover ?? null,
      });
      await this.collections.replaceItems(manager, created, animeIds);
      const after = await this.collections.lockAuditState(manager, created);
      await publishAdminAction(this.outbox, manager, { actorId, target: 'collection', targetId: String(created), action: 'created', before: null, after });
      return created;
    });
    this.outbox.afterCommit();
    await this.cache.invalidate();
    return this.details(id);
  }

  /** Returns the collection and the cover it replaced (for the gateway to delete). */
  async update(actorId: string, id: number, write: CollectionWrite): Promise<CollectionUpdated> {
    const animeIds = write.animeIds === undefined ? undefined : await this.checkedAnimeIds(write.animeIds);
    const previous = await this.collections.transaction(async (manager) => {
      const before = await this.collections.lockAuditState(manager, id);
      const result = await this.collections.update(manager, id, write);
      if (!before || !result) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.collectionNotFound);
      if (animeIds) await this.collections.replaceItems(manager, id, animeIds);
      const after = await this.collections.lockAuditState(manager, id);
      await publishAdminAction(this.outbox, manager, {
        actorId,
        target: 'collection',
        targetId: String(id),
        action: 'updated',
        ...changedFields(before, after ?? {}),
      });
      return result.previousCover;
    });
    this.outbox.afterCommit();
    await this.cache.invalidate();
    const replacedCover = write.cover !== undefined && previous !== write.cover ? previous : null;
    return { ...(await this.details(id)), replacedCover };
  }

  async remove(actorId: string, id: number): Promise<CollectionDeleted> {
    const deleted = await this.collections.transaction(async (manager) => {
      const before = await this.collections.lockAuditState(manager, id);
      const row = await this.collections.delete(manager, id);
      if (!before || !row) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.collectionNotFound);
      await publishAdminAction(this.outbox, manager, { actorId, target: 'collection', targetId: String(id), action: 'deleted', before, after: null });
      return row;
    });
    this.outbox.afterCommit();
    await this.cache.invalidate();
    return { id, deleted: true, cover: deleted.cover };
  }

  private async checkedAnimeIds(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const existing = new Set(await this.anime.existingIds(unique));
    const missing = unique.filter((id) => !existing.has(id));
    if (missing.length > 0) throw RpcError.validation([{ field: 'animeIds', message: `${CATALOGUE_MESSAGES.unknownAnimeIds}: ${missing.join(', ')}` }]);
    return unique;
  }
}

import { Injectable } from '@nestjs/common';
import { CATALOGUE_MESSAGES, ErrorCode, type Collection, type CollectionDetails, type CollectionWrite, type Page } from '@portal/contracts';
import { RpcError } from '@portal/platform';
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

  async create(write: CollectionWrite & { title: string }): Promise<CollectionDetails> {
    const animeIds = await this.checkedAnimeIds(write.animeIds ?? []);
    const id = await this.collections.transaction(async (manager) => {
      const created = await this.collections.insert(manager, {
        title: write.title,
        description: write.description ?? '',
        featured: write.featured ?? false,
        cover: write.cover ?? null,
      });
      await this.collections.replaceItems(manager, created, animeIds);
      return created;
    });
    await this.cache.invalidate();
    return this.details(id);
  }

  /** Returns the collection and the cover it replaced (for the gateway to delete). */
  async update(id: number, write: CollectionWrite): Promise<CollectionDetails & { replacedCover: string | null }> {
    const animeIds = write.animeIds === undefined ? undefined : await this.checkedAnimeIds(write.animeIds);
    const previous = await this.collections.transaction(async (manager) => {
      const result = await this.collections.update(manager, id, write);
      if (!result) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.collectionNotFound);
      if (animeIds) await this.collections.replaceItems(manager, id, animeIds);
      return result.previousCover;
    });
    await this.cache.invalidate();
    const replacedCover = write.cover !== undefined && previous !== write.cover ? previous : null;
    return { ...(await this.details(id)), replacedCover };
  }

  async remove(id: number): Promise<{ id: number; deleted: true; cover: string | null }> {
    const deleted = await this.collections.transaction((manager) => this.collections.delete(manager, id));
    if (!deleted) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.collectionNotFound);
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

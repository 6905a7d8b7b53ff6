import type { EntityManager } from 'typeorm';
import { COMMUNITY_MESSAGES, type TitleRef } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import type { FakeDatabase } from '@portal/testing';
import type { AnimeRefRow } from '../anime-refs/anime-refs.repository';
import type { AnimeRefsService } from '../anime-refs/anime-refs.service';
import { TABLES } from './tables';

/** A title as the catalogue would name it; only the id is required. */
export const titleRef = (id: number, fields: Partial<TitleRef> = {}): TitleRef => ({
  id,
  idShiki: null,
  title: `Title ${id}`,
  poster: `/posters/${id}.webp`,
  fallbackPoster: `/posters/${id}.jpg`,
  episodes: 12,
  kind: 'tv',
  year: 2020,
  ...fields,
});

/** A stored copy as `SELECT *` reads it (the inverse of toStoredRef). */
export const toRefRow = (ref: TitleRef): AnimeRefRow => ({
  id: ref.id,
  id_shiki: ref.idShiki,
  title: ref.title,
  poster: ref.poster,
  fallback_poster: ref.fallbackPoster,
  episodes: ref.episodes,
  kind: ref.kind,
  year: ref.year,
});

/**
 * The title lookups of AnimeRefsService, in memory: `catalogue` is what the catalogue knows (by its
 * id or by the Shikimori id), the fake database's TABLES.animeRefs what the community has stored.
 * `peek`/`lookup` store nothing, `keep` stores inside the caller's transaction (undone with it),
 * `resolve`/`require` store what they find (a read's cache fill).
 */
export class FakeAnimeRefs implements Pick<AnimeRefsService, 'peek' | 'peekMany' | 'lookup' | 'require' | 'resolve' | 'keep' | 'unheld' | 'held'> {
  readonly catalogue = new Map<number, TitleRef>();
  readonly stored: Map<number, TitleRef>;

  constructor(private readonly db: FakeDatabase) {
    this.stored = db.table<number, TitleRef>(TABLES.animeRefs);
  }

  /** A title the catalogue knows (`titleRef` fills what is not given); returns it. */
  add(id: number, fields: Partial<TitleRef> = {}): TitleRef {
    const ref = titleRef(id, fields);
    this.catalogue.set(id, ref);
    return ref;
  }

  async require(id: number, field: string): Promise<TitleRef> {
    const ref = (await this.resolve([id])).get(id);
    if (!ref) throw RpcError.validation([{ field, message: COMMUNITY_MESSAGES.animeNotFound }]);
    return ref;
  }

  async lookup(id: number, field: string): Promise<TitleRef> {
    const ref = await this.peek(id);
    if (!ref) throw RpcError.validation([{ field, message: COMMUNITY_MESSAGES.animeNotFound }]);
    return ref;
  }

  async peek(id: number): Promise<TitleRef | null> {
    return (await this.peekMany([id])).get(id) ?? null;
  }

  peekMany(ids: number[]): Promise<Map<number, TitleRef>> {
    const found = new Map<number, TitleRef>();
    for (const id of new Set(ids)) {
      const ref = this.catalogue.get(id) ?? [...this.catalogue.values()].find((title) => title.idShiki === id);
      if (ref) found.set(id, ref);
    }
    return Promise.resolve(found);
  }

  unheld(ref: TitleRef): TitleRef | undefined {
    return this.stored.has(ref.id) ? undefined : ref;
  }

  keep(refs: TitleRef[], manager: EntityManager): Promise<() => void> {
    const missing = refs.filter((ref) => this.unheld(ref));
    if (missing.length > 0) this.db.written(manager, `the title copies ${missing.map((ref) => ref.id).join(', ')}`);
    for (const ref of missing) this.stored.set(ref.id, ref);
    return Promise.resolve(() => this.held());
  }

  held(): void {}

  async resolve(ids: number[]): Promise<Map<number, TitleRef>> {
    const found = await this.peekMany(ids);
    for (const ref of found.values()) if (!this.stored.has(ref.id)) this.stored.set(ref.id, ref);
    return found;
  }
}

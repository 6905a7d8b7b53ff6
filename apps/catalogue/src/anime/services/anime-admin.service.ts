import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CATALOGUE_MESSAGES, ErrorCode, GENRES, type AnimeDetails, type AnimeWrite } from '@portal/contracts';
import { OutboxPublisher } from '@portal/messaging';
import { publishAdminAction } from '../../admin-actions/admin-actions';
import { publishTitleChange } from '../title-change';
import { publishTitleAdminChange, TITLE_MAIN_COLUMNS, titleFields } from '../title-audit';
import { RpcError } from '@portal/platform';
import { CatalogueCacheInvalidator } from '../../cache/catalogue-cache-invalidator';
import { AnimeRepository } from '../anime.repository';
import { AnimeQueryService } from './anime-query.service';

const ADULT_GENRES = new Set(GENRES.filter((genre) => genre.adult).map((genre) => genre.slug));

/** An admin's fields as database columns. SPEC aliases (series, releaseYear, imageUrl) map onto the same columns. */
export function toColumns(write: AnimeWrite): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const set = (column: string, ...values: unknown[]) => {
    const value = values.find((candidate) => candidate !== undefined);
    if (value !== undefined) columns[column] = value;
  };
  set('title', write.title);
  set('title_ru', write.titleRu);
  set('title_romaji', write.titleRomaji);
  set('title_en', write.titleEn);
  set('title_ja', write.titleJa);
  set('synonyms', write.synonyms);
  set('description', write.description);
  set('kind', write.kind);
  set('status', write.status);
  set('episodes', write.episodes, write.series);
  set('year', write.year, write.releaseYear);
  set('season', write.season);
  set('score', write.score);
  set('poster', write.poster, write.imageUrl);
  set('id_shiki', write.idShiki);
  if (write.genres) {
    columns.genres = [...new Set(write.genres)];
    columns.adult = write.genres.some((genre) => ADULT_GENRES.has(genre));
  }
  return columns;
}

/**
 * Admin writes. Each one commits the row with its `catalogue.anime.updated` event and its
 * `catalogue.admin.acted` record for the audit log, then drops the cached responses at once; the
 * events are the durable path should the process die in between.
 */
@Injectable()
export class AnimeAdminService {
  constructor(
    private readonly anime: AnimeRepository,
    private readonly query: AnimeQueryService,
    private readonly outbox: OutboxPublisher,
    private readonly cache: CatalogueCacheInvalidator,
  ) {}

  async create(actorId: string, write: AnimeWrite): Promise<AnimeDetails> {
    const columns = toColumns(write);
    columns.title_romaji ??= columns.title;
    const id = await this.commit(async (manager) => {
      const created = await this.anime.insert(manager, columns);
      await publishTitleChange(this.outbox, this.anime, manager, created, 'created');
      const row = await this.anime.findById(created, manager);
      const after = row && titleFields(row, Object.keys(columns));
      await publishAdminAction(this.outbox, manager, { actorId, target: 'anime', targetId: String(created), action: 'created', before: null, after });
      return created;
    });
    return this.query.details(id);
  }

  update(actorId: string, id: number, write: AnimeWrite): Promise<AnimeDetails> {
    return this.change(actorId, 'anime', id, write);
  }

  async remove(actorId: string, id: number): Promise<{ id: number; deleted: true }> {
    await this.commit(async (manager) => {
      const deleted = await this.anime.delete(manager, id);
      if (!deleted) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
      await publishTitleChange(this.outbox, this.anime, manager, id, 'deleted');
      await publishAdminAction(this.outbox, manager, {
        actorId,
        target: 'anime',
        targetId: String(id),
        action: 'deleted',
        before: titleFields(deleted, TITLE_MAIN_COLUMNS),
        after: null,
      });
    });
    return { id, deleted: true };
  }

  savePoster(actorId: string, animeId: number, posterUrl: string): Promise<AnimeDetails> {
    return this.change(actorId, 'poster', animeId, { poster: posterUrl });
  }

  private async change(actorId: string, target: 'anime' | 'poster', id: number, write: AnimeWrite): Promise<AnimeDetails> {
    const columns = toColumns(write);
    if (Object.keys(columns).length === 0) throw RpcError.validation([{ field: 'body', message: 'Нет полей для изменения' }]);
    await this.commit(async (manager) => {
      const current = await this.anime.lockById(manager, id);
      if (!current) throw RpcError.of(ErrorCode.NotFound, CATALOGUE_MESSAGES.animeNotFound);
      // The display title is the Russian one when there is one: a new Russian title becomes it too,
      // unless the display title was set apart from it.
      if (columns.title_ru && columns.title === undefined && (current.title === current.title_ru || current.title === current.title_romaji)) {
        columns.title = columns.title_ru;
      }
      await this.anime.update(manager, id, columns);
      await publishTitleChange(this.outbox, this.anime, manager, id, 'updated');
      await publishTitleAdminChange(this.outbox, this.anime, manager, { actorId, target, before: current, columns: Object.keys(columns) });
    });
    return this.query.details(id);
  }

  private async commit<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.anime.transaction(work);
    this.outbox.afterCommit();
    await this.cache.invalidate();
    return result;
  }
}

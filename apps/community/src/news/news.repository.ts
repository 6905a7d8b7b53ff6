import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { NewsStatus } from '@portal/contracts';

export interface NewsRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  anime_ids: number[];
  cover_id: string | null;
  cover_widths: number[] | null;
  author_id: string | null;
  author_username: string | null;
  status: NewsStatus;
  published_at: Date;
  auto_anime_id: number | null;
  auto_episode: number | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a write sets. */
export interface NewsFields {
  slug: string;
  title: string;
  summary: string;
  body: string;
  tags: string[];
  animeIds: number[];
  coverId: string | null;
  coverWidths: number[] | null;
  status: NewsStatus;
  /** Null: now. */
  publishedAt: string | null;
}

export interface NewNews extends NewsFields {
  id: string;
  authorId: string | null;
  authorUsername: string | null;
  autoAnimeId?: number;
  autoEpisode?: number;
}

export interface NewsFilter {
  /** Drafts and scheduled items too (admins). */
  all: boolean;
  tag?: string;
  animeId?: number;
  offset: number;
  limit: number;
}

/** An UPDATE or DELETE … RETURNING as a SELECT: TypeORM answers those two commands as [rows, count]. */
const changed = (statement: string) => `WITH changed AS (${statement}) SELECT * FROM changed`;

/** Postgres' unique_violation, and the index it hit. */
export const slugTaken = (error: unknown) => (error as { code?: string; constraint?: string })?.code === '23505' && (error as { constraint?: string }).constraint === 'news_slug';

@Injectable()
export class NewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<NewsRow | null> {
    const rows: NewsRow[] = await manager.query(`SELECT * FROM community.news WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findBySlug(slug: string): Promise<NewsRow | null> {
    const rows: NewsRow[] = await this.dataSource.query(`SELECT * FROM community.news WHERE slug = $1`, [slug]);
    return rows[0] ?? null;
  }

  /** Slugs in use that start with `base` (to pick the next free `base-N`). */
  async slugsLike(base: string, manager: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    const rows: Array<{ slug: string }> = await manager.query(`SELECT slug FROM community.news WHERE slug = $1 OR slug LIKE $1 || '-%'`, [base]);
    return new Set(rows.map((row) => row.slug));
  }

  /** A page newest first, and how many match. Guests get published items whose time has come. */
  async page(filter: NewsFilter): Promise<{ rows: NewsRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (!filter.all) where.push(`status = 'published' AND published_at <= now()`);
    if (filter.tag !== undefined) {
      params.push(filter.tag);
      where.push(`tags @> ARRAY[$${params.length}]::text[]`);
    }
    if (filter.animeId !== undefined) {
      params.push(filter.animeId);
      where.push(`anime_ids @> ARRAY[$${params.length}]::int[]`);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: Array<{ total: number }> = await this.dataSource.query(`SELECT count(*)::int AS total FROM community.news ${clause}`, params);
    const rows: NewsRow[] = await this.dataSource.query(
      `SELECT * FROM community.news ${clause} ORDER BY published_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows, total };
  }

  /** Null when an automatic item of that (title, episode) exists already. */
  async insert(manager: EntityManager, news: NewNews): Promise<NewsRow | null> {
    const rows: NewsRow[] = await manager.query(
      `INSERT INTO community.news (id, slug, title, summary, body, tags, anime_ids, cover_id, cover_widths, author_id, author_username, status,
         published_at, auto_anime_id, auto_episode)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7::int[], $8, $9::int[], $10, $11, $12, coalesce($13::timestamptz, now()), $14, $15)
       ON CONFLICT (auto_anime_id, auto_episode) WHERE auto_anime_id IS NOT NULL DO NOTHING
       RETURNING *`,
      [
        news.id,
        news.slug,
        news.title,
        news.summary,
        news.body,
        news.tags,
        news.animeIds,
        news.coverId,
        news.coverWidths,
        news.authorId,
        news.authorUsername,
        news.status,
        news.publishedAt,
        news.autoAnimeId ?? null,
        news.autoEpisode ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  async update(manager: EntityManager, id: string, fields: NewsFields): Promise<NewsRow | null> {
    const rows: NewsRow[] = await manager.query(
      changed(`UPDATE community.news SET slug = $2, title = $3, summary = $4, body = $5, tags = $6::text[], anime_ids = $7::int[], cover_id = $8,
         cover_widths = $9::int[], status = $10, published_at = coalesce($11::timestamptz, now()), updated_at = now()
       WHERE id = $1 RETURNING *`),
      [id, fields.slug, fields.title, fields.summary, fields.body, fields.tags, fields.animeIds, fields.coverId, fields.coverWidths, fields.status, fields.publishedAt],
    );
    return rows[0] ?? null;
  }

  async lock(manager: EntityManager, id: string): Promise<NewsRow | null> {
    const rows: NewsRow[] = await manager.query(`SELECT * FROM community.news WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** The deleted row; null when there was none. */
  async remove(manager: EntityManager, id: string): Promise<NewsRow | null> {
    const rows: NewsRow[] = await manager.query(changed(`DELETE FROM community.news WHERE id = $1 RETURNING *`), [id]);
    return rows[0] ?? null;
  }

  async autoNews(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: Array<{ auto_news: boolean }> = await manager.query(`SELECT auto_news FROM community.news_settings`);
    return rows[0]?.auto_news ?? true;
  }

  /** The setting locked until the transaction ends (while its row exists), so a change's before is exact. */
  async lockAutoNews(manager: EntityManager): Promise<boolean> {
    const rows: Array<{ auto_news: boolean }> = await manager.query(`SELECT auto_news FROM community.news_settings FOR UPDATE`);
    return rows[0]?.auto_news ?? true;
  }

  async setAutoNews(manager: EntityManager, autoNews: boolean): Promise<boolean> {
    const rows: Array<{ auto_news: boolean }> = await manager.query(
      `INSERT INTO community.news_settings (id, auto_news) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET auto_news = EXCLUDED.auto_news, updated_at = now() RETURNING auto_news`,
      [autoNews],
    );
    return rows[0].auto_news;
  }
}

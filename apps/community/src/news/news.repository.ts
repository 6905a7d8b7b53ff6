import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { NEWS_STATUSES, type NewsStatus } from '@portal/contracts';
import { returning, selectRow, selectRows } from '@portal/db';

/** A news item as `SELECT *` (or `RETURNING *`) reads it. */
export const NewsRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  anime_ids: z.array(z.number().int()),
  cover_id: z.string().nullable(),
  cover_widths: z.array(z.number().int()).nullable(),
  author_id: z.string().nullable(),
  author_username: z.string().nullable(),
  status: z.enum(NEWS_STATUSES),
  published_at: z.date(),
  auto_anime_id: z.number().int().nullable(),
  auto_episode: z.number().int().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type NewsRow = z.output<typeof NewsRow>;

/** The admins' switch of automatic news. */
const AutoNews = z.object({ auto_news: z.boolean() });

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

/** Postgres' unique_violation, and the index it hit. */
export const slugTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string })?.code === '23505' && (error as { constraint?: string }).constraint === 'news_slug';

@Injectable()
export class NewsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<NewsRow | null> {
    return selectRow(manager, NewsRow, `SELECT * FROM community.news WHERE id = $1`, [id]);
  }

  async findBySlug(slug: string): Promise<NewsRow | null> {
    return selectRow(this.dataSource, NewsRow, `SELECT * FROM community.news WHERE slug = $1`, [slug]);
  }

  /** Slugs in use that start with `base` (to pick the next free `base-N`). */
  async slugsLike(base: string, manager: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    const rows = await selectRows(manager, z.object({ slug: z.string() }), `SELECT slug FROM community.news WHERE slug = $1 OR slug LIKE $1 || '-%'`, [base]);
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
    const count = await selectRow(
      this.dataSource,
      z.object({ total: z.number().int() }),
      `SELECT count(*)::int AS total FROM community.news ${clause}`,
      params,
    );
    const rows = await selectRows(
      this.dataSource,
      NewsRow,
      `SELECT * FROM community.news ${clause} ORDER BY published_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** Null when an automatic item of that (title, episode) exists already. */
  async insert(manager: EntityManager, news: NewNews): Promise<NewsRow | null> {
    return selectRow(
      manager,
      NewsRow,
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
  }

  async update(manager: EntityManager, id: string, fields: NewsFields): Promise<NewsRow | null> {
    return selectRow(
      manager,
      NewsRow,
      returning(`UPDATE community.news SET slug = $2, title = $3, summary = $4, body = $5, tags = $6::text[], anime_ids = $7::int[], cover_id = $8,
         cover_widths = $9::int[], status = $10, published_at = coalesce($11::timestamptz, now()), updated_at = now()
       WHERE id = $1 RETURNING *`),
      [
        id,
        fields.slug,
        fields.title,
        fields.summary,
        fields.body,
        fields.tags,
        fields.animeIds,
        fields.coverId,
        fields.coverWidths,
        fields.status,
        fields.publishedAt,
      ],
    );
  }

  async lock(manager: EntityManager, id: string): Promise<NewsRow | null> {
    return selectRow(manager, NewsRow, `SELECT * FROM community.news WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** The deleted row; null when there was none. */
  async remove(manager: EntityManager, id: string): Promise<NewsRow | null> {
    return selectRow(manager, NewsRow, returning(`DELETE FROM community.news WHERE id = $1 RETURNING *`), [id]);
  }

  async autoNews(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const row = await selectRow(manager, AutoNews, `SELECT auto_news FROM community.news_settings`);
    return row?.auto_news ?? true;
  }

  /** The setting locked until the transaction ends (while its row exists), so a change's before is exact. */
  async lockAutoNews(manager: EntityManager): Promise<boolean> {
    const row = await selectRow(manager, AutoNews, `SELECT auto_news FROM community.news_settings FOR UPDATE`);
    return row?.auto_news ?? true;
  }

  async setAutoNews(manager: EntityManager, autoNews: boolean): Promise<boolean> {
    const row = await selectRow(
      manager,
      AutoNews,
      `INSERT INTO community.news_settings (id, auto_news) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET auto_news = EXCLUDED.auto_news, updated_at = now() RETURNING auto_news`,
      [autoNews],
    );
    return row?.auto_news ?? autoNews;
  }
}

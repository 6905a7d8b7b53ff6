import { type NewsItem, type TitleRef, toNewsCover } from '@portal/contracts';
import { linkedTitles } from '../anime-refs/linked-titles';
import type { NewsRow } from './news.repository';

/** A row as the API answers it, with the linked titles the catalogue knows (in the row's order). */
export function toNewsItem(row: NewsRow, titles: Map<number, TitleRef>): NewsItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body: row.body,
    tags: row.tags,
    animeIds: row.anime_ids,
    anime: linkedTitles(row.anime_ids, titles),
    cover: row.cover_id && row.cover_widths ? toNewsCover(row.cover_id, row.cover_widths) : null,
    author: row.author_id && row.author_username ? { id: row.author_id, username: row.author_username } : null,
    status: row.status,
    publishedAt: row.published_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    automatic: row.auto_anime_id !== null,
  };
}

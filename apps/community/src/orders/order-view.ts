import type { OrderItem } from '@portal/contracts';
import type { OrderRow } from './orders.repository';

/** A request as the API gives it, for one viewer (`voted`, `mine`). */
export function toOrderItem(row: OrderRow, viewer: { id: string | null; voted: boolean }): OrderItem {
  return {
    id: row.id,
    animeId: row.anime_id,
    title: row.title,
    poster: row.poster,
    note: row.note,
    status: row.status,
    rejectionReason: row.rejection_reason,
    votes: row.votes,
    voted: viewer.voted,
    mine: viewer.id !== null && viewer.id === row.author_id,
    author: { id: row.author_id, username: row.username },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The name two requests are compared by: lower case, «ё» as «е», punctuation as spaces, spaces
 * collapsed («Тетрадь  смерти!» and «тетрадь смерти» are one title).
 */
export function orderTitleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

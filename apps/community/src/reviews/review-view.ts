import type { AnimeRef, ReviewItem, ReviewWithAnime } from '@portal/contracts';
import { DEFAULT_RANK } from '../comments/comment-view';
import type { ReviewRow, ReviewWithAnimeRow } from './reviews.repository';
import { toStoredRef } from '../anime-refs/anime-refs.repository';
import { animeRefOf } from '../library/entry.mapper';

/** What one viewer may see of some reviews. */
export interface ReviewsView {
  viewerId: string | null;
  /** Admins get every rejection's reason (authors get their own). */
  admin: boolean;
  votes: ReadonlyMap<string, boolean>;
}

export const GUEST_REVIEW_VIEW: ReviewsView = { viewerId: null, admin: false, votes: new Map() };

/** Whether a viewer may see a review at all: an approved one anyone, others only their author and admins. */
export const mayRead = (row: ReviewRow, viewerId: string | null, admin: boolean) => row.status === 'approved' || row.author_id === viewerId || admin;

/** The item as a viewer sees it: the rejection's reason only for the author and admins. */
export function toReviewItem(row: ReviewRow, view: ReviewsView): ReviewItem {
  const mine = view.viewerId !== null && row.author_id === view.viewerId;
  const withheld = row.held && !mine && !view.admin;
  return {
    id: row.id,
    animeId: row.anime_id,
    title: withheld ? null : row.title,
    text: withheld ? '' : row.text,
    score: row.score,
    status: row.status,
    rejectionReason: mine || view.admin ? row.rejection_reason : null,
    author: { id: row.author_id, username: row.username, displayName: row.display_name, avatar: row.avatar, rank: row.rank ?? DEFAULT_RANK },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    helpful: row.helpful,
    unhelpful: row.unhelpful,
    myVote: view.votes.get(row.id) ?? null,
    mine,
    held: row.held,
  };
}

export function toReviewWithAnime(row: ReviewWithAnimeRow, view: ReviewsView): ReviewWithAnime {
  const anime: AnimeRef | null = row.anime && animeRefOf(toStoredRef(row.anime));
  return { ...toReviewItem(row, view), anime };
}

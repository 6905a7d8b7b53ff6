import type { LatestComment } from './comments.dto';

/**
 * A profile's community tabs (docs/community.md, «Profile»): a user's comments and reviews, and how
 * many of each the caller may see. Plain types, imported by the web client too.
 */

/** A page of a user's comments, newest first: each with the title it is about, as the latest feed shows it. */
export interface UserCommentPage {
  items: LatestComment[];
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The numbers of a profile's «Рецензии» and «Комментарии» tabs, as the caller may see them. */
export interface CommunityCounts {
  /** Comments not deleted (threads and replies). */
  comments: number;
  /** Approved reviews; the author and admins count the pending and rejected ones too. */
  reviews: number;
}

import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationItem, NotificationPage } from '@portal/contracts';

export type NotificationPages = InfiniteData<NotificationPage, string | null>;

/** Highest count the badge spells out; above it shows «99+». */
export const BADGE_MAX = 99;

/** The badge's text: nothing for 0 (the badge is hidden), the count up to 99, then «99+». */
export function badgeText(unread: number): string | null {
  if (!Number.isFinite(unread) || unread <= 0) return null;
  return unread > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(unread));
}

/**
 * A live `notification:new` into the cached pages: an item with the same id (a grouped like that
 * gained an actor) leaves its place, and the new version goes on top of the first page. Every page's
 * `unread` follows the pushed count. Nothing is cached yet (the list never opened): stays undefined.
 */
export function mergeNotification(pages: NotificationPages | undefined, item: NotificationItem, unread: number): NotificationPages | undefined {
  if (!pages) return pages;
  const rest = pages.pages.map((page) => ({ ...page, unread, items: page.items.filter((other) => other.id !== item.id) }));
  const [first, ...others] = rest;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, items: [item, ...first.items] }, ...others] };
}

/** Marks the named notifications (or every one, with `'all'`) read in the cached pages. */
export function markReadInPages(pages: NotificationPages | undefined, ids: readonly string[] | 'all', unread: number): NotificationPages | undefined {
  if (!pages) return pages;
  const matches = (id: string) => ids === 'all' || ids.includes(id);
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      unread,
      items: page.items.map((item) => (!item.read && matches(item.id) ? { ...item, read: true } : item)),
    })),
  };
}

/**
 * Where a notification leads: a comment on its anime page (`#comment-<id>`, which the comments block
 * scrolls to, or reads on its own when not on the loaded page) or the news item or AMV it is under,
 * a review's own page, a released order's title, the first new episode in the player.
 */
export function notificationHref(item: NotificationItem): string | null {
  const { target } = item;
  if (target.type === 'comment') {
    const page = `/${target.targetType}/${encodeURIComponent(target.targetId)}`;
    // Only a title's comments block opens one comment from the hash; news and AMV pages show the page.
    return target.targetType === 'anime' ? `${page}#comment-${encodeURIComponent(target.commentId)}` : page;
  }
  if (target.type === 'review') {
    return target.reviewId ? `/anime/${target.animeId}/review/${encodeURIComponent(target.reviewId)}` : `/anime/${target.animeId}`;
  }
  if (target.type === 'order') return `/anime/${target.animeId}`;
  if (target.type === 'episode') return `/watch/${target.animeId}/${target.episodes[0]}`;
  if (target.type === 'quiz') return target.quizId ? `/quiz/${encodeURIComponent(target.quizId)}` : '/quiz';
  return null;
}

import { describe, expect, it } from 'vitest';
import { makeNotification, makeNotificationPage } from '../testing/notification-fixtures';
import { badgeText, markReadInPages, mergeNotification, notificationHref, type NotificationPages } from './notifications-cache';

const pagesOf = (...pages: ReturnType<typeof makeNotificationPage>[]): NotificationPages => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `c${index}`)),
});
const ids = (pages: NotificationPages | undefined) => pages?.pages.map((page) => page.items.map((item) => item.id));

describe('badgeText', () => {
  it('hides the badge at 0, spells out up to 99 and caps at 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-1)).toBeNull();
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('mergeNotification', () => {
  const a = makeNotification({ id: 'a' });
  const b = makeNotification({ id: 'b' });
  const c = makeNotification({ id: 'c' });

  it('puts a new notification on top of the first page and sets unread on every page', () => {
    const merged = mergeNotification(pagesOf(makeNotificationPage([a, b]), makeNotificationPage([c])), makeNotification({ id: 'n' }), 7);
    expect(ids(merged)).toEqual([['n', 'a', 'b'], ['c']]);
    expect(merged?.pages.map((page) => page.unread)).toEqual([7, 7]);
  });

  it('replaces an item with the same id (a grouped like that gained an actor) and moves it to the top, once', () => {
    const grown = makeNotification({ id: 'c', kind: 'comment.like', text: 'ivan и ещё 2 оценили ваш комментарий', actorCount: 3 });
    const merged = mergeNotification(pagesOf(makeNotificationPage([a, b]), makeNotificationPage([c])), grown, 2);
    expect(ids(merged)).toEqual([['c', 'a', 'b'], []]);
    expect(merged?.pages[0]?.items[0]?.text).toBe('ivan и ещё 2 оценили ваш комментарий');
    const again = mergeNotification(merged, grown, 2);
    expect(ids(again)).toEqual([['c', 'a', 'b'], []]);
  });

  it('leaves an unloaded list alone', () => {
    expect(mergeNotification(undefined, a, 1)).toBeUndefined();
  });
});

describe('markReadInPages', () => {
  it('marks the named ones, or all', () => {
    const pages = pagesOf(makeNotificationPage([makeNotification({ id: 'a' }), makeNotification({ id: 'b' })]));
    expect(markReadInPages(pages, ['a'], 1)?.pages[0]?.items.map((item) => item.read)).toEqual([true, false]);
    expect(markReadInPages(pages, 'all', 0)?.pages[0]?.items.every((item) => item.read)).toBe(true);
  });
});

describe('notificationHref', () => {
  it('leads a comment to itself on its anime page and a review to its own page', () => {
    expect(notificationHref(makeNotification())).toBe('/anime/1#comment-c-2');
    expect(
      notificationHref(makeNotification({ kind: 'review.approved', target: { type: 'review', reviewId: 'r-9', animeId: 20, animeTitle: 'Наруто' } })),
    ).toBe('/anime/20/review/r-9');
  });

  it('leads a comment under news or an AMV to that page, and new episodes to the first of them in the player', () => {
    const commentUnder = (targetType: 'news' | 'amv', targetId: string) =>
      makeNotification({ kind: 'comment.reply', target: { type: 'comment', targetType, targetId, commentId: 'c-3', excerpt: '' } });
    expect(notificationHref(commentUnder('news', 'n-1'))).toBe('/news/n-1');
    expect(notificationHref(commentUnder('amv', 'a-1'))).toBe('/amv/a-1');
    expect(
      notificationHref(makeNotification({ kind: 'episode.released', target: { type: 'episode', animeId: 20, animeTitle: 'Наруто', episodes: [4, 5] } })),
    ).toBe('/watch/20/4');
  });
});

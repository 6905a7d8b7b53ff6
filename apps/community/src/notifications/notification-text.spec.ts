import { NOTIFICATION_KINDS } from '@portal/contracts';
import { NOTIFICATION_TEXTS, notificationText } from './notification-text';

const ivan = { id: '1', username: 'ivan' };
const maria = { id: '2', username: 'maria' };
const comment = { type: 'comment' as const, commentId: 'c', targetType: 'anime' as const, targetId: '20', excerpt: '' };
const review = { type: 'review' as const, reviewId: 'r', animeId: 20, animeTitle: 'Наруто' };

describe('notification texts', () => {
  it('has a text for every kind', () => {
    expect(Object.keys(NOTIFICATION_TEXTS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('names the replier', () => {
    expect(notificationText('comment.reply', [ivan], 1, comment)).toBe('ivan ответил на ваш комментарий');
  });

  it('groups likers: one, two, then «и ещё N»', () => {
    expect(notificationText('comment.like', [ivan], 1, comment)).toBe('ivan оценил ваш комментарий');
    expect(notificationText('comment.like', [ivan, maria], 2, comment)).toBe('ivan и maria оценили ваш комментарий');
    expect(notificationText('comment.like', [ivan, maria, { id: '3', username: 'oleg' }], 3, comment)).toBe('ivan и ещё 2 оценили ваш комментарий');
    expect(notificationText('comment.like', [ivan, maria, { id: '3', username: 'oleg' }], 41, comment)).toBe('ivan и ещё 40 оценили ваш комментарий');
    expect(notificationText('comment.like', [], 0, comment)).toBe('Кто-то оценил ваш комментарий');
  });

  it('tells a review’s author of its moderation, with the title and the reason when known', () => {
    expect(notificationText('review.approved', [], 0, review)).toBe('Ваша рецензия на «Наруто» одобрена');
    expect(notificationText('review.approved', [], 0, { ...review, animeTitle: null })).toBe('Ваша рецензия одобрена');
    expect(notificationText('review.rejected', [], 0, { ...review, reason: 'Мало про аниме' })).toBe('Ваша рецензия на «Наруто» отклонена: Мало про аниме');
    expect(notificationText('review.rejected', [], 0, { ...review, animeTitle: undefined, reason: null })).toBe('Ваша рецензия отклонена');
  });

  it('still says something for a kind this build does not know', () => {
    expect(notificationText('order.ready' as never, [], 0, comment as never)).toBe('Новое уведомление');
  });
});

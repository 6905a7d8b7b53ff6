import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';
import { NotificationsSocketContext } from '../../../web/src/features/notifications/api/notifications-socket';
import { fakeNotificationsConnector, makeNotification, minutesAgo } from '../../../web/src/features/notifications/testing/notification-fixtures';

/** The fake `/notifications` socket of the story being rendered (new per story). */
export const live: { socket: ReturnType<typeof fakeNotificationsConnector> } = { socket: fakeNotificationsConnector() };

/** Gives the bell a socket without a server; the story's play pushes events through `live.socket`. */
export const withFakeNotificationsSocket: Decorator = (Story) =>
  createElement(NotificationsSocketContext.Provider, { value: live.socket }, createElement(Story));

const ivan = { id: 'u-2', username: 'ivan' };
const maria = { id: 'u-3', username: 'maria' };
const oleg = { id: 'u-4', username: 'oleg' };
const commentOn = (commentId: string) => ({ type: 'comment' as const, commentId, targetType: 'anime' as const, targetId: '1', excerpt: 'Финал лучший' });

/** A reply and a grouped like (unread), an approved and a rejected review (read). */
export function sampleNotifications() {
  return [
    makeNotification({ id: 'n-reply', text: 'ivan ответил на ваш комментарий', updatedAt: minutesAgo(5), createdAt: minutesAgo(5) }),
    makeNotification({
      id: 'n-like',
      kind: 'comment.like',
      actors: [maria, ivan, oleg],
      actorCount: 3,
      target: commentOn('c-1'),
      text: 'maria и ещё 2 оценили ваш комментарий',
      updatedAt: minutesAgo(60 * 2),
    }),
    makeNotification({
      id: 'n-approved',
      kind: 'review.approved',
      actors: [],
      actorCount: 0,
      target: { type: 'review', reviewId: 'r-1', animeId: 20, animeTitle: 'Наруто' },
      text: 'Ваша рецензия на «Наруто» одобрена',
      updatedAt: minutesAgo(60 * 24 * 2),
      read: true,
    }),
    makeNotification({
      id: 'n-rejected',
      kind: 'review.rejected',
      actors: [],
      actorCount: 0,
      target: { type: 'review', reviewId: 'r-2', animeId: 21, animeTitle: 'Ван-Пис', reason: 'Спойлеры без пометки' },
      text: 'Ваша рецензия на «Ван-Пис» отклонена: Спойлеры без пометки',
      updatedAt: minutesAgo(60 * 24 * 3),
      read: true,
    }),
  ];
}

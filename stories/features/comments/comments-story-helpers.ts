import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';
import { CommentsSocketContext } from '../../../web/src/features/comments/api/comments-socket';
import { fakeCommentsConnector, makeNode, makeThread, minutesAgo } from '../../../web/src/features/comments/testing/comment-fixtures';

/** The fake `/comments` socket of the story being rendered (new per story). */
export const live: { socket: ReturnType<typeof fakeCommentsConnector> } = { socket: fakeCommentsConnector() };

/** Gives the block a socket without a server; the story's play pushes `comment:new` through `live.socket`. */
export const withFakeCommentsSocket: Decorator = (Story) => createElement(CommentsSocketContext.Provider, { value: live.socket }, createElement(Story));

export const me = { id: 'u-1', username: 'sakura', displayName: 'Сакура', avatar: null, rank: 'новичок' };
const hinata = { id: 'u-2', username: 'hinata', displayName: 'Хината', avatar: null, rank: 'знаток' };
const naruto = { id: 'u-3', username: 'naruto', displayName: 'Наруто', avatar: null, rank: 'новичок' };

/** Two threads: the newest with replies three deep (and an answer past the cap shown beside its parent), the other plain. */
export function threadsWithReplies() {
  return [
    makeThread({
      id: 't2',
      author: hinata,
      content: 'Финал 2 сезона лучший!\nСогласны? Обзор тут: https://example.com/review',
      createdAt: minutesAgo(5),
      likes: 3,
      replies: 1,
      children: [
        makeNode({
          id: 'r1',
          parentId: 't2',
          threadParentId: 't2',
          depth: 1,
          author: me,
          content: 'Полностью согласна',
          createdAt: minutesAgo(4),
          editedAt: minutesAgo(3),
          likes: 1,
          replies: 1,
          children: [
            makeNode({
              id: 'r2',
              parentId: 'r1',
              threadParentId: 'r1',
              depth: 2,
              author: naruto,
              content: 'А мне больше первый',
              createdAt: minutesAgo(3),
              replies: 1,
              children: [
                makeNode({ id: 'r3', parentId: 'r2', threadParentId: 'r2', depth: 3, author: hinata, content: 'Спорно', createdAt: minutesAgo(2), replies: 1 }),
                makeNode({ id: 'r4', parentId: 'r3', threadParentId: 'r2', depth: 3, author: naruto, content: 'Ну и пусть', createdAt: minutesAgo(1) }),
              ],
            }),
          ],
        }),
      ],
    }),
    makeThread({ id: 't1', author: naruto, content: 'Кто смотрит в первый раз?', createdAt: minutesAgo(60 * 26), likes: 0 }),
  ];
}

export { hinata, naruto };

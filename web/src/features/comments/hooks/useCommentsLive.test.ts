import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../../../test/render';
import { commentsKeys } from '../api/comments-api';
import { CommentsSocketContext } from '../api/comments-socket';
import { findComment, type CommentPages } from '../lib/comment-tree';
import { fakeCommentsConnector, makeComment, makeNode, makePage, makeThread } from '../testing/comment-fixtures';
import { useCommentsLive } from './useCommentsLive';

const EDITED = '2025-03-01T18:30:00.000Z';

function setup() {
  const client = createTestQueryClient();
  const socket = fakeCommentsConnector();
  const reply = makeNode({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1, likedByMe: true, likes: 1 });
  const pages: CommentPages = { pages: [makePage([makeThread({ id: 't1', replies: 1, children: [reply] }), makeThread({ id: 't2' })])], pageParams: [null] };
  client.setQueryData(commentsKeys.ofTarget({ type: 'anime', id: 1 }), pages);
  // A comment opened from a link is kept in the same shape: pushes apply there too.
  client.setQueryData(commentsKeys.linked(1, 'r1'), { pages: [makePage([{ ...reply, moreReplies: false }])], pageParams: [null] });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, createElement(CommentsSocketContext.Provider, { value: socket }, children));
  renderHook(() => useCommentsLive(1), { wrapper });
  const list = () => client.getQueryData<CommentPages>(commentsKeys.ofTarget({ type: 'anime', id: 1 }));
  const linked = () => client.getQueryData<CommentPages>(commentsKeys.linked(1, 'r1'));
  return { socket, list, linked };
}

describe("the comments block's live changes", () => {
  it('applies edits, like counts and deletions of its title to the loaded threads and linked comments', async () => {
    const { socket, list, linked } = setup();
    await waitFor(() => expect(socket.sent).toContainEqual(['subscribe', { animeId: 1 }]));

    socket.deliver('comment:updated', makeComment({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1, content: 'Исправлено', editedAt: EDITED }));
    expect(findComment(list(), 'r1')).toMatchObject({ content: 'Исправлено', editedAt: EDITED });
    expect(findComment(linked(), 'r1')).toMatchObject({ content: 'Исправлено', editedAt: EDITED });

    socket.deliver('comment:likes', { id: 'r1', animeId: 1, likes: 7 });
    expect(findComment(list(), 'r1')).toMatchObject({ likes: 7, likedByMe: true });
    expect(findComment(linked(), 'r1')).toMatchObject({ likes: 7, likedByMe: true });

    socket.deliver('comment:deleted', { id: 't1', animeId: 1, placeholder: true });
    expect(findComment(list(), 't1')).toMatchObject({ deleted: true, content: null });
    socket.deliver('comment:deleted', { id: 't2', animeId: 1, placeholder: false });
    expect(list()!.pages[0]!.items.map((item) => item.id)).toEqual(['t1']);
  });

  it("ignores another title's pushes", async () => {
    const { socket, list } = setup();
    await waitFor(() => expect(socket.sent).toContainEqual(['subscribe', { animeId: 1 }]));
    const before = list();
    socket.deliver('comment:likes', { id: 'r1', animeId: 2, likes: 7 });
    socket.deliver('comment:deleted', { id: 't2', animeId: 2, placeholder: false });
    socket.deliver('comment:updated', makeComment({ id: 'r1', animeId: 2, content: 'Чужое', editedAt: EDITED }));
    expect(list()).toBe(before);
  });
});

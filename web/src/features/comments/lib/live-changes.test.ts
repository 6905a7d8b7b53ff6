import { describe, expect, it } from 'vitest';
import { makeComment, makeNode, makePage, makeThread } from '../testing/comment-fixtures';
import { findComment, type CommentPages } from './comment-tree';
import { applyCommentDeleted, applyCommentLikes, applyCommentUpdated } from './live-changes';

const pagesOf = (...pages: ReturnType<typeof makePage>[]): CommentPages => ({ pages, pageParams: pages.map((_, index) => (index ? `c${index}` : null)) });
const EDITED = '2025-03-01T18:30:00.000Z';
const spoiler = (hidden: boolean) => ({ episode: 2, at: 300, hidden });

describe('live changes to the cached comments', () => {
  const reply = makeNode({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1, content: 'Ответ', likes: 2, likedByMe: true });
  const base = pagesOf(
    makePage([makeThread({ id: 't1', content: 'Ветка', replies: 1, children: [reply] })], 'next'),
    makePage([makeThread({ id: 's1', content: null, spoiler: spoiler(true) }), makeThread({ id: 's2', content: 'Мой спойлер', spoiler: spoiler(false) })]),
  );

  it('an edit puts in the new text and editedAt, leaving likes, likedByMe and replies alone', () => {
    const next = applyCommentUpdated(
      base,
      makeComment({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1, content: 'Исправлено', editedAt: EDITED, likes: 0 }),
    );
    expect(findComment(next, 'r1')).toMatchObject({ content: 'Исправлено', editedAt: EDITED, likes: 2, likedByMe: true });
    // The same push again, or an older one, changes nothing.
    expect(applyCommentUpdated(next, makeComment({ id: 'r1', content: 'Исправлено', editedAt: EDITED }))).toBe(next);
    expect(applyCommentUpdated(next, makeComment({ id: 'r1', content: 'Старое', editedAt: '2025-03-01T18:10:00.000Z' }))).toBe(next);
    expect(applyCommentUpdated(base, makeComment({ id: 'nope', content: 'Где-то', editedAt: EDITED }))).toBe(base);
  });

  it("a spoiler's edit arrives without text: a viewer who sees it keeps the text shown, a hidden one stays hidden", () => {
    const pushed = (id: string) => makeComment({ id, content: null, spoiler: spoiler(true), editedAt: EDITED });
    const revealed = applyCommentUpdated(base, pushed('s2'));
    expect(findComment(revealed, 's2')).toMatchObject({ content: 'Мой спойлер', spoiler: spoiler(false), editedAt: EDITED });
    const hidden = applyCommentUpdated(base, pushed('s1'));
    expect(findComment(hidden, 's1')).toMatchObject({ content: null, spoiler: spoiler(true), editedAt: EDITED });
  });

  it('a deletion with replies leaves «Комментарий удалён» over them', () => {
    const next = applyCommentDeleted(base, { id: 't1', animeId: 1, placeholder: true });
    expect(findComment(next, 't1')).toMatchObject({ deleted: true, content: null, spoiler: null });
    expect(findComment(next, 't1')!.children.map((child) => child.id)).toEqual(['r1']);
    expect(applyCommentDeleted(next, { id: 't1', animeId: 1, placeholder: true })).toBe(next);
  });

  it('a deletion without replies removes it, counts one reply fewer, and takes an emptied placeholder with it', () => {
    const next = applyCommentDeleted(base, { id: 'r1', animeId: 1, placeholder: false });
    expect(findComment(next, 'r1')).toBeNull();
    expect(findComment(next, 't1')).toMatchObject({ replies: 0, children: [] });
    expect(applyCommentDeleted(next, { id: 'r1', animeId: 1, placeholder: false })).toBe(next);

    const placeholder = applyCommentDeleted(base, { id: 't1', animeId: 1, placeholder: true });
    const gone = applyCommentDeleted(placeholder, { id: 'r1', animeId: 1, placeholder: false });
    expect(findComment(gone, 't1')).toBeNull();
    expect(gone.pages[0]!.items).toEqual([]);
    expect(gone.pages[1]!.items.map((item) => item.id)).toEqual(['s1', 's2']);
  });

  it("the server's decision wins: a comment it says is gone goes with what the cache still had under it", () => {
    const next = applyCommentDeleted(base, { id: 't1', animeId: 1, placeholder: false });
    expect(findComment(next, 't1')).toBeNull();
    expect(findComment(next, 'r1')).toBeNull();
  });

  it("a like count is set without touching this viewer's likedByMe", () => {
    const next = applyCommentLikes(base, { id: 'r1', animeId: 1, likes: 20 });
    expect(findComment(next, 'r1')).toMatchObject({ likes: 20, likedByMe: true });
    expect(applyCommentLikes(next, { id: 'r1', animeId: 1, likes: 20 })).toBe(next);
    expect(applyCommentLikes(base, { id: 'nope', animeId: 1, likes: 3 })).toBe(base);
  });
});

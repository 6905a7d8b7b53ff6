import { describe, expect, it } from 'vitest';
import { makeComment, makeNode, makePage, makeThread } from '../testing/comment-fixtures';
import { findComment, insertComment, removeComment, type CommentPages } from './comment-tree';

const pagesOf = (...pages: ReturnType<typeof makePage>[]): CommentPages => ({ pages, pageParams: pages.map((_, index) => (index ? `c${index}` : null)) });

describe('the cached comment tree', () => {
  const reply = makeNode({ id: 'r1', parentId: 't1', threadParentId: 't1', depth: 1 });
  const base = pagesOf(makePage([makeThread({ id: 't1', children: [reply], replies: 1 })], 'next'), makePage([makeThread({ id: 't0' })]));

  it('puts a new thread at the top of the first page, once', () => {
    const thread = makeComment({ id: 't2' });
    const once = insertComment(base, thread)!;
    expect(once.pages[0]!.items.map((item) => item.id)).toEqual(['t2', 't1']);
    expect(insertComment(once, thread)).toBe(once);
  });

  it('puts a reply at the end of its display parent and counts it on the comment answered', () => {
    const deep = makeComment({ id: 'r2', parentId: 'r1', threadParentId: 'r1', depth: 2 });
    const next = insertComment(base, deep)!;
    expect(findComment(next, 'r1')!.children.map((child) => child.id)).toEqual(['r2']);
    expect(findComment(next, 'r1')!.replies).toBe(1);
    expect(insertComment(next, deep)).toBe(next);
  });

  it('ignores a reply whose parent is not loaded, and anything before the first page', () => {
    const orphan = makeComment({ id: 'x', parentId: 'nope', threadParentId: 'nope', depth: 1 });
    expect(insertComment(base, orphan)).toBe(base);
    expect(insertComment(undefined, orphan)).toBeUndefined();
  });

  it('leaves a placeholder for a deleted comment with replies, and drops one without', () => {
    const withPlaceholder = removeComment(base, 't1');
    expect(findComment(withPlaceholder, 't1')).toMatchObject({ deleted: true, content: null });
    const gone = removeComment(withPlaceholder, 'r1');
    expect(findComment(gone, 't1')).toBeNull();
    expect(findComment(gone, 'r1')).toBeNull();
    expect(findComment(removeComment(base, 'r1'), 't1')!.replies).toBe(0);
  });
});

import type { CommentItem, CommentNode, CommentThread, CommentThreadPage } from '@portal/contracts';
import type { InfiniteData } from '@tanstack/react-query';

/** The cached pages of a title's threads. */
export type CommentPages = InfiniteData<CommentThreadPage, string | null>;

/** The node with `id` anywhere in the loaded pages, or null. */
export function findComment(pages: Pick<CommentPages, 'pages'> | undefined, id: string): CommentNode | null {
  const search = (nodes: readonly CommentNode[]): CommentNode | null => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const found = search(node.children);
      if (found) return found;
    }
    return null;
  };
  for (const page of pages?.pages ?? []) {
    const found = search(page.items);
    if (found) return found;
  }
  return null;
}

function mapNodes<T extends CommentNode>(nodes: readonly T[], change: (node: CommentNode) => CommentNode | null): T[] {
  const result: T[] = [];
  for (const node of nodes) {
    const children = mapNodes(node.children, change);
    const changed = change(children === node.children ? node : { ...node, children });
    if (changed) result.push(changed as T);
  }
  return result;
}

/** Every loaded node passed through `change` (null removes it, with its replies). */
export function mapComments(pages: CommentPages, change: (node: CommentNode) => CommentNode | null): CommentPages {
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, items: mapNodes(page.items, change) })) };
}

/** Replaces the fields of one comment (its loaded replies stay). */
export function patchComment(pages: CommentPages, id: string, patch: Partial<CommentItem>): CommentPages {
  return mapComments(pages, (node) => (node.id === id ? { ...node, ...patch } : node));
}

/**
 * Puts a new comment where the list shows it: a thread at the top of the first page, a reply at the
 * end of its display parent's replies (oldest first). Nothing changes when it is already there (the
 * poster's own answer and the socket's push of it), or when its parent is not loaded.
 */
export function insertComment(pages: CommentPages | undefined, comment: CommentItem): CommentPages | undefined {
  if (!pages || pages.pages.length === 0 || findComment(pages, comment.id)) return pages;
  const node: CommentNode = { ...comment, children: [] };
  if (comment.threadParentId === null) {
    const [first, ...rest] = pages.pages;
    const thread: CommentThread = { ...node, moreReplies: false };
    return { ...pages, pages: [{ ...first!, items: [thread, ...first!.items] }, ...rest] };
  }
  const parentId = comment.threadParentId;
  if (!findComment(pages, parentId)) return pages;
  return mapComments(pages, (parent) => {
    if (parent.id === parentId) parent = { ...parent, children: [...parent.children, node] };
    // `replies` counts the live answers to `parentId` (which may be deeper than the display parent).
    if (parent.id === comment.parentId) parent = { ...parent, replies: parent.replies + 1 };
    return parent;
  });
}

/**
 * A deleted comment as the server will list it: a placeholder while anything live is under it, else
 * gone; a placeholder left without replies goes too.
 */
export function removeComment(pages: CommentPages, id: string): CommentPages {
  const parentId = findComment(pages, id)?.parentId ?? null;
  return mapComments(pages, (node) => {
    if (node.id === id) return node.children.length ? { ...node, deleted: true, content: null, spoiler: null } : null;
    if (node.deleted && node.children.length === 0) return null;
    if (node.id === parentId) return { ...node, replies: Math.max(0, node.replies - 1) };
    return node;
  });
}

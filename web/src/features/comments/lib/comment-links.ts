/** The element id of a comment: links to it are `/anime/{animeId}#comment-{id}` (the bell, the home page's block). */
export const commentAnchorId = (id: string) => `comment-${id}`;

export const commentHref = (animeId: number, id: string) => `/anime/${animeId}#${commentAnchorId(id)}`;

const ANCHOR = /^#comment-([0-9A-Za-z-]{1,64})$/;

/** The comment a location's hash points at (`#comment-<id>`), or null. */
export function commentIdFromHash(hash: string): string | null {
  return ANCHOR.exec(hash)?.[1] ?? null;
}

/** Links inside comments: no endorsement, no opener (issue #14). */
export const COMMENT_LINK_REL = 'nofollow ugc noopener';

import { describe, expect, it } from 'vitest';
import { makeChatMessage } from '../testing/chat-fixtures';
import { flattenMessages, withNewMessage, withoutMessage, type ChatMessagesData } from './messages-cache';

const m = (id: string) => makeChatMessage({ id });
const ids = (data: ChatMessagesData | undefined) => flattenMessages(data).map((message) => message.id);

/** Newest page first, as the infinite query keeps them. */
const twoPages: ChatMessagesData = {
  pages: [
    { items: [m('c'), m('d')], nextCursor: 'c' },
    { items: [m('a'), m('b')], nextCursor: null },
  ],
  pageParams: [null, 'c'],
};

describe('cached chat pages', () => {
  it('flatten to time order, oldest page first, each id once', () => {
    expect(ids(twoPages)).toEqual(['a', 'b', 'c', 'd']);
    const overlapping: ChatMessagesData = { ...twoPages, pages: [{ items: [m('b'), m('c')], nextCursor: 'b' }, twoPages.pages[1]!] };
    expect(ids(overlapping)).toEqual(['a', 'b', 'c']);
    expect(flattenMessages(undefined)).toEqual([]);
  });

  it('append a new message to the newest page', () => {
    const next = withNewMessage(twoPages, m('e'));
    expect(ids(next)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(next.pages[1]).toBe(twoPages.pages[1]);
  });

  it('ignore a message whose id is already loaded (the sender gets it from POST and from the socket)', () => {
    expect(withNewMessage(twoPages, m('d'))).toBe(twoPages);
    expect(withNewMessage(twoPages, m('a'))).toBe(twoPages);
  });

  it('start a single page when nothing is loaded yet', () => {
    expect(withNewMessage(undefined, m('x'))).toEqual({ pages: [{ items: [m('x')], nextCursor: null }], pageParams: [null] });
  });

  it('remove a deleted message from whichever page holds it', () => {
    expect(ids(withoutMessage(twoPages, 'b'))).toEqual(['a', 'c', 'd']);
    expect(ids(withoutMessage(twoPages, 'd'))).toEqual(['a', 'b', 'c']);
  });

  it('leave the pages untouched when the deleted id is unknown', () => {
    expect(withoutMessage(twoPages, 'zzz')).toBe(twoPages);
    expect(withoutMessage(undefined, 'a')).toBeUndefined();
  });
});

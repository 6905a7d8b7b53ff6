import { describe, expect, it } from 'vitest';
import { makeChatMessage } from '../testing/chat-fixtures';
import { countUnread, lastReadMarker } from './unread';

const messages = [
  makeChatMessage({ id: 'm1' }),
  makeChatMessage({ id: 'm2' }),
  makeChatMessage({ id: 's1', isSystem: true, userId: null, username: 'system' }),
  makeChatMessage({ id: 'm3' }),
  makeChatMessage({ id: 'm4' }),
];

describe('unread count', () => {
  it('counts the non-system messages after the last-read one', () => {
    expect(countUnread(messages, 'm2')).toBe(2);
    expect(countUnread(messages, 'm1')).toBe(3);
    expect(countUnread(messages, 'm4')).toBe(0);
  });

  it('counts every non-system message when there is no marker or it is not among them', () => {
    expect(countUnread(messages, null)).toBe(4);
    expect(countUnread(messages, 'gone')).toBe(4);
  });

  it('starts after a system message used as the marker', () => {
    expect(countUnread(messages, 's1')).toBe(2);
  });

  it('is zero while the chat is open, and with no messages', () => {
    expect(countUnread(messages, null, true)).toBe(0);
    expect(countUnread([], 'm1')).toBe(0);
  });
});

describe('last-read marker', () => {
  it('is the newest message, or null (cleared) when there are none', () => {
    expect(lastReadMarker(messages)).toBe('m4');
    expect(lastReadMarker([])).toBeNull();
  });
});

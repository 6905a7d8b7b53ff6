import { describe, expect, it } from 'vitest';
import { canSendChatMessage } from './send-rules';

const user = { id: 'u-1', username: 'sakura' };

describe('chat sending rule', () => {
  it('allows a connected, signed-in user with a non-blank message', () => {
    expect(canSendChatMessage({ connected: true, user, text: ' привет ' })).toBe(true);
  });

  it('blocks when the socket is not connected', () => {
    expect(canSendChatMessage({ connected: false, user, text: 'привет' })).toBe(false);
  });

  it('blocks guests and users without an id or a username', () => {
    expect(canSendChatMessage({ connected: true, user: null, text: 'привет' })).toBe(false);
    expect(canSendChatMessage({ connected: true, user: { id: '', username: 'sakura' }, text: 'привет' })).toBe(false);
    expect(canSendChatMessage({ connected: true, user: { id: 'u-1', username: '' }, text: 'привет' })).toBe(false);
  });

  it('blocks empty and whitespace-only messages', () => {
    expect(canSendChatMessage({ connected: true, user, text: '' })).toBe(false);
    expect(canSendChatMessage({ connected: true, user, text: ' \n\t ' })).toBe(false);
  });
});

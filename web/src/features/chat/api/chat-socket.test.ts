import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeChatMessage } from '../testing/chat-fixtures';
import { chatSocketStore, connectChatSocket, type ChatSocketEvent } from './chat-socket';

type Handler = (...args: unknown[]) => void;

/** A stand-in for a socket.io client socket: handlers by event name, `fire` to play the server. */
function fakeEmitter() {
  const handlers = new Map<string, Set<Handler>>();
  return {
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return this;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return this;
    },
    removeAllListeners() {
      handlers.clear();
      return this;
    },
    fire(event: string, ...args: unknown[]) {
      handlers.get(event)?.forEach((handler) => handler(...args));
    },
    count: (event: string) => handlers.get(event)?.size ?? 0,
  };
}

const manager = fakeEmitter();
const socket = { ...fakeEmitter(), io: manager, disconnect: vi.fn() };
const io = vi.fn((..._args: unknown[]) => socket);
vi.mock('socket.io-client', () => ({ io: (...args: unknown[]) => io(...args) }));

afterEach(() => {
  chatSocketStore.reset();
  socket.removeAllListeners();
  manager.removeAllListeners();
});

describe('chat socket', () => {
  it('opens /chat over websocket only, with the token and the chat reconnection rules', async () => {
    await connectChatSocket({ token: 'jwt', onConnectError: () => undefined });
    expect(io).toHaveBeenLastCalledWith('/chat', {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: 'jwt' },
      forceNew: true,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      timeout: 20000,
    });
    await connectChatSocket({ token: null, onConnectError: () => undefined });
    expect(io.mock.lastCall?.[1]).toMatchObject({ auth: {} });
  });

  it('publishes the connection state and counts every connect', async () => {
    const onConnectError = vi.fn();
    expect(chatSocketStore.getSnapshot().status).toBe('disconnected');
    const close = await connectChatSocket({ token: 'jwt', onConnectError });
    expect(chatSocketStore.getSnapshot()).toEqual({ status: 'connecting', connects: 0 });
    socket.fire('connect');
    expect(chatSocketStore.getSnapshot()).toEqual({ status: 'connected', connects: 1 });
    socket.fire('disconnect');
    expect(chatSocketStore.getSnapshot().status).toBe('disconnected');
    manager.fire('reconnect_attempt');
    expect(chatSocketStore.getSnapshot().status).toBe('connecting');
    socket.fire('connect');
    expect(chatSocketStore.getSnapshot()).toEqual({ status: 'connected', connects: 2 });

    close();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(chatSocketStore.getSnapshot().status).toBe('disconnected');
    expect(manager.count('reconnect_attempt')).toBe(0);
  });

  it('reports a run of failed attempts once, and again after a successful connect', async () => {
    const onConnectError = vi.fn();
    await connectChatSocket({ token: 'jwt', onConnectError });
    socket.fire('connect_error', new Error('websocket error'));
    socket.fire('connect_error', new Error('websocket error'));
    expect(onConnectError).toHaveBeenCalledTimes(1);
    expect(chatSocketStore.getSnapshot().status).toBe('disconnected');
    socket.fire('connect');
    socket.fire('connect_error', new Error('websocket error'));
    expect(onConnectError).toHaveBeenCalledTimes(2);
  });

  it('passes newMessage and messageDeleted on to the store', async () => {
    const events: ChatSocketEvent[] = [];
    const stop = chatSocketStore.onEvent((event) => events.push(event));
    await connectChatSocket({ token: null, onConnectError: () => undefined });
    const message = makeChatMessage({ id: 'm1' });
    socket.fire('newMessage', message);
    socket.fire('messageDeleted', { id: 'm1' });
    stop();
    expect(events).toEqual([
      { type: 'newMessage', message },
      { type: 'messageDeleted', id: 'm1' },
    ]);
  });
});

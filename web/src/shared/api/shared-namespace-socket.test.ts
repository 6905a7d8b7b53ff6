import { describe, expect, it, vi } from 'vitest';
import { leaseNamespaceSocket, type SocketLease } from './shared-namespace-socket';

/** A stand-in for a socket.io client socket: listeners by event, and whether it was closed. */
type Listener = (...args: never[]) => void;

function fakeSocket() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    closed: false,
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload: unknown) => void)(payload);
    },
    disconnect() {
      this.closed = true;
    },
  };
}

describe('leaseNamespaceSocket', () => {
  it('opens one connection per namespace and token, and closes it when the last holder leaves', async () => {
    const socket = fakeSocket();
    const open = vi.fn(async () => socket);
    const bell = await leaseNamespaceSocket<SocketLease>('/notifications', 'token-a', open);
    const rewards = await leaseNamespaceSocket<SocketLease>('/notifications', 'token-a', open);
    expect(open).toHaveBeenCalledTimes(1);

    bell.disconnect();
    expect(socket.closed).toBe(false);
    rewards.disconnect();
    await Promise.resolve();
    expect(socket.closed).toBe(true);

    // After the last one left, the next holder gets a fresh connection.
    await leaseNamespaceSocket<SocketLease>('/notifications', 'token-a', open);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('keeps each holder’s listeners its own: a released holder hears nothing more, the other still does', async () => {
    const socket = fakeSocket();
    const open = async () => socket;
    const first = await leaseNamespaceSocket<SocketLease>('/notifications', 'token-b', open);
    const second = await leaseNamespaceSocket<SocketLease>('/notifications', 'token-b', open);
    const heardByFirst = vi.fn();
    const heardBySecond = vi.fn();
    first.on('notification:new', heardByFirst);
    second.on('reward:card', heardBySecond);

    first.disconnect();
    first.disconnect(); // a second release of the same lease changes nothing
    socket.emit('notification:new', { id: 1 });
    socket.emit('reward:card', { id: 2 });
    expect(heardByFirst).not.toHaveBeenCalled();
    expect(heardBySecond).toHaveBeenCalledWith({ id: 2 });
    expect(socket.closed).toBe(false);
  });

  it('does not share between tokens, and a failed connection is not kept for the next caller', async () => {
    const open = vi.fn(async (_namespace: string, token: string) => {
      if (token === 'broken') throw new Error('refused');
      return fakeSocket();
    });
    await expect(leaseNamespaceSocket('/notifications', 'broken', open)).rejects.toThrow('refused');
    await expect(leaseNamespaceSocket('/notifications', 'broken', open)).rejects.toThrow('refused');
    expect(open).toHaveBeenCalledTimes(2);

    await leaseNamespaceSocket('/notifications', 'token-c', open);
    await leaseNamespaceSocket('/notifications', 'token-d', open);
    expect(open).toHaveBeenCalledTimes(4);
  });
});

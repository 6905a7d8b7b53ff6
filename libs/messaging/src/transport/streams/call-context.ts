import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallKind } from './stream-keys';

export interface TransportCall {
  /** The transport's id of this call: the idempotency key of a write. */
  id: string;
  kind: CallKind;
}

const storage = new AsyncLocalStorage<TransportCall>();

/** The transport call a piece of service code is running for, across awaits. */
export const transportCall = {
  run<T>(call: TransportCall, fn: () => T): T {
    return storage.run(call, fn);
  },
  current(): TransportCall | undefined {
    return storage.getStore();
  },
  /** The id of the write request this code runs for (the idempotency key of docs/architecture.md, «Requests»). */
  currentWriteId(): string | undefined {
    const call = storage.getStore();
    return call?.kind === 'write' ? call.id : undefined;
  },
};

import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallKind } from './stream-keys';

export interface TransportCall {
  /** The transport's id of this call: the idempotency key of a write. */
  id: string;
  kind: CallKind;
  /** This execution of the call (a call taken over from a dead replica runs again with another). */
  run: string;
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
  /** The write request this code runs for and this execution of it. */
  currentWriteRun(): { callId: string; run: string } | undefined {
    const call = storage.getStore();
    return call?.kind === 'write' ? { callId: call.id, run: call.run } : undefined;
  },
};

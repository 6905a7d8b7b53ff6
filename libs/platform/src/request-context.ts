import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RpcMeta } from '@portal/contracts';

/** The request a piece of code is running for, across awaits: it puts the request id in every log line. */
const storage = new AsyncLocalStorage<RpcMeta>();

export const requestContext = {
  run<T>(meta: RpcMeta, fn: () => T): T {
    return storage.run(meta, fn);
  },
  current(): RpcMeta | undefined {
    return storage.getStore();
  },
  /** The id to pass on to another service: the running request's, or a new one outside any. */
  requestId(): string {
    return storage.getStore()?.requestId ?? randomUUID();
  },
};

const REQUEST_ID_PATTERN = /^[\w.:-]{8,128}$/;

/** Keeps a caller's request id when it is well-formed (a proxy's), otherwise makes a new one. */
export function resolveRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

import { Queue } from 'bullmq';
import { assertNoOpenTransaction } from '@portal/db';

const GUARDED = Symbol.for('portal.messaging.queueGuard');

/**
 * Every BullMQ add of this process (our queues: events, card grants, AMV transcodes, metadata sync,
 * Telegram notices, and any added later) checks first that no database transaction is open
 * (assertNoOpenTransaction, docs/architecture.md «No remote call inside a transaction»): an add is a
 * Redis round trip, and its job's work may itself need the rows the transaction holds. Installed once,
 * when this module loads (the messaging lib's index loads it).
 */
export function installQueueGuard(): void {
  const prototype = Queue.prototype as Queue & { [GUARDED]?: boolean };
  if (prototype[GUARDED]) return;
  const add = unguarded('add');
  const addBulk = unguarded('addBulk');
  Object.defineProperty(prototype, 'add', {
    value: async function (this: Queue, ...args: Parameters<Queue['add']>) {
      assertNoOpenTransaction(`BullMQ add to ${this.name}`);
      const job: unknown = Reflect.apply(add, this, args);
      return await job;
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, 'addBulk', {
    value: async function (this: Queue, ...args: Parameters<Queue['addBulk']>) {
      assertNoOpenTransaction(`BullMQ addBulk to ${this.name}`);
      const jobs: unknown = Reflect.apply(addBulk, this, args);
      return await jobs;
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, GUARDED, { value: true });
}

/** BullMQ's own method, taken off the prototype before the guard replaces it: it is always applied to the queue called. */
function unguarded(name: 'add' | 'addBulk'): Function {
  const method: unknown = Reflect.get(Queue.prototype, name);
  if (typeof method !== 'function') throw new TypeError(`Queue.prototype.${name} is not a function`);
  return method;
}

installQueueGuard();

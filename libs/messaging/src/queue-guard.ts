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
  const { add, addBulk } = prototype;
  Object.defineProperty(prototype, 'add', {
    value: async function (this: Queue, ...args: Parameters<Queue['add']>) {
      assertNoOpenTransaction(`BullMQ add to ${this.name}`);
      return add.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, 'addBulk', {
    value: async function (this: Queue, ...args: Parameters<Queue['addBulk']>) {
      assertNoOpenTransaction(`BullMQ addBulk to ${this.name}`);
      return addBulk.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(prototype, GUARDED, { value: true });
}

installQueueGuard();

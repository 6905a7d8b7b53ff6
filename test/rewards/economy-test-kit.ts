import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { EVENT_QUEUE_OF, type EventData, type EventName, type EventPayload, type ServiceName } from '@portal/contracts';
import { bullPrefix } from '@portal/messaging';
import { waitFor } from '@portal/testing';
import type { ScratchDatabase } from '../support/scratch-database';
import type { Env } from '../support/test-apps';

/** Sets a user's spendable balance (and XP, unless given) directly, as earned points would. */
export async function fund(db: ScratchDatabase, userId: string, balance: number, xp = balance): Promise<void> {
  await db.query(
    `INSERT INTO rewards.point_accounts (user_id, balance, xp) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET balance = excluded.balance, xp = excluded.xp`,
    [userId, balance, xp],
  );
}

export async function account(db: ScratchDatabase, userId: string): Promise<{ balance: number; xp: number }> {
  const [row] = await db.query('SELECT balance, xp FROM rewards.point_accounts WHERE user_id = $1', [userId]);
  return row ? { balance: Number(row.balance), xp: Number(row.xp) } : { balance: 0, xp: 0 };
}

/**
 * Delivers events straight to a service's event queue (the rewards service's unless told), as the
 * outbox relay does: the same payload (same eventId) may be delivered again under another job id, as
 * a redelivery would.
 */
export function rewardsEvents(env: Env, service: ServiceName = 'rewards') {
  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(EVENT_QUEUE_OF[service], { connection, prefix: bullPrefix(env.REDIS_KEY_PREFIX as string) });
  return {
    payload<E extends EventName>(_name: E, data: EventData<E>): EventPayload<E> {
      return { ...data, eventId: randomUUID(), occurredAt: new Date().toISOString() } as EventPayload<E>;
    },
    /** Resolves with the job's end state once the consumer has applied (or failed) it. */
    async deliver<E extends EventName>(name: E, payload: EventPayload<E>): Promise<string> {
      const job = await queue.add(name, payload, { jobId: `test-${randomUUID()}` });
      return waitFor(
        async () => {
          const state = await queue.getJobState(job.id!);
          return state === 'completed' || state === 'failed' ? state : undefined;
        },
        15_000,
        50,
      );
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

// A rewards-card-grants worker in a process of its own, for the crash test (test/rewards/cards.spec.ts):
// it holds its first job where CARD_WORKER_HOLD says ('before-commit': inside the transaction after the
// grant; 'after-commit': after the commit, before BullMQ's ack), prints HOLDING and waits to be killed.
import 'reflect-metadata';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { CardPusher } from '../../../apps/rewards/src/cards/card-pusher';
import { CardGrants } from '../../../apps/rewards/src/cards/card-grants.service';
import { CardGrantsWorker } from '../../../apps/rewards/src/cards/card-grants.worker';
import type { PointsLedger } from '../../../apps/rewards/src/points/points-ledger';

async function main() {
  const options = { url: process.env.REDIS_URL as string, keyPrefix: process.env.REDIS_KEY_PREFIX as string };
  const dataSource = await new DataSource({ type: 'postgres', url: process.env.DATABASE_URL }).initialize();
  const redis = new Redis(options.url);
  // A first card of a fresh user is never a duplicate: the ledger is not called here.
  const grants = new CardGrants(options, { earn: () => Promise.resolve(0) } as unknown as PointsLedger);
  const worker = new CardGrantsWorker(dataSource, grants, new CardPusher(redis, options), options, redis);
  const hold = async () => {
    process.stdout.write('HOLDING\n');
    await new Promise(() => undefined);
  };
  if (process.env.CARD_WORKER_HOLD === 'before-commit') worker.hooks.beforeCommit = hold;
  else worker.hooks.afterCommit = hold;
  worker.start({ lockDuration: 2000, stalledInterval: 1000 });
  process.stdout.write('READY\n');
}

void main();

import { randomInt } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { CARD_GRANT_SOURCES, type CardGranted, type CardGrantSource, QueueName } from '@portal/contracts';
import { execute, selectRow, selectRows } from '@portal/db';
import { bullPrefix, closeWithConnection, createRedisClient, REDIS_OPTIONS, type RedisOptions } from '@portal/messaging';
import { CARD_GRANT_KEY_MAX, cardGrantJobId, type CardGrantJobData } from './card-grants.job';
import { DUPLICATE_POINTS } from '../points/points-settings';
import { PointsLedger } from '../points/points-ledger';
import { cardColumns, CardRow, cardView } from './card-view';

export interface CardGrantInput {
  key: string;
  userId: string;
  source: CardGrantSource;
  cardId?: string;
}

const GrantRow = CardRow.extend({
  grant_id: z.string(),
  source: z.enum(CARD_GRANT_SOURCES),
  duplicate: z.boolean(),
  points: z.number().int(),
});

/** No card can be drawn (an empty or fully retired catalogue) or the given card does not exist. */
export class NoCardToGrantError extends Error {}

/**
 * Card grants, exactly once per idempotency key (docs/rewards.md, «Grants and exactly once»).
 * `request` queues a BullMQ job whose id is the key; the worker runs `grantInTransaction` in a
 * transaction, whose unique `card_grants.key` makes a second run (a redelivery, a worker killed after
 * commit) find the stored grant instead of granting again.
 */
@Injectable()
export class CardGrants implements OnApplicationShutdown {
  private opened: { queue: Queue<CardGrantJobData>; connection: Redis } | undefined;

  constructor(
    @Inject(REDIS_OPTIONS) private readonly options: RedisOptions,
    private readonly ledger: PointsLedger,
  ) {}

  /** Queues a grant; asking again with the same key while the job is kept adds nothing, and a later run finds the grant made. */
  async request(grant: CardGrantInput): Promise<void> {
    checkKey(grant.key);
    const data: CardGrantJobData = { key: grant.key, userId: grant.userId, source: grant.source, ...(grant.cardId ? { cardId: grant.cardId } : {}) };
    const jobId = cardGrantJobId(grant.key);
    const queue = this.queue();
    // A job that failed for good (no card to draw then) keeps its id: asked again, it runs again.
    if ((await queue.getJobState(jobId)) === 'failed') await queue.remove(jobId);
    await queue.add('grant', data, {
      jobId,
      attempts: 8,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }

  /**
   * Grants in the caller's transaction, idempotent by key: the stored grant when the key exists (or
   * when a concurrent transaction with the key commits first), else a card (the given one, or drawn
   * by weight with a cryptographic RNG among the cards not retired) added to the collection; a
   * duplicate is marked and becomes points (DUPLICATE_POINTS) through the economy's ledger.
   */
  async grantInTransaction(manager: EntityManager, grant: CardGrantInput): Promise<CardGranted> {
    checkKey(grant.key);
    const stored = await this.stored(manager, grant.key);
    if (stored) return stored;
    const card = grant.cardId ? await this.cardById(manager, grant.cardId) : await this.draw(manager);
    // The unique key: a concurrent insert of the same key waits for the other transaction and, once
    // it commits, inserts nothing; the grant it stored is returned.
    const inserted = await selectRow(
      manager,
      z.object({ id: z.string() }),
      `INSERT INTO "rewards"."card_grants" ("key", "user_id", "card_id", "source") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("key") DO NOTHING RETURNING "id"`,
      [grant.key, grant.userId, card.id, grant.source],
    );
    if (!inserted) {
      const winner = await this.stored(manager, grant.key);
      if (!winner) throw new Error(`card grant ${grant.key} conflicted but is not stored`);
      return winner;
    }
    const grantId = inserted.id;
    const collected = await selectRow(
      manager,
      z.object({ count: z.number().int() }),
      `INSERT INTO "rewards"."user_cards" ("user_id", "card_id") VALUES ($1, $2)
       ON CONFLICT ("user_id", "card_id") DO UPDATE SET "count" = "user_cards"."count" + 1 RETURNING "count"`,
      [grant.userId, card.id],
    );
    if (!collected) throw new Error(`card grant ${grant.key}: the collection answered no count`);
    const duplicate = collected.count > 1;
    const points = duplicate ? await this.duplicatePoints(manager, grant, card) : 0;
    if (duplicate) await execute(manager, `UPDATE "rewards"."card_grants" SET "duplicate" = true, "points" = $2 WHERE "id" = $1`, [grantId, points]);
    return { grantId, source: grant.source, card: cardView(card), duplicate, points };
  }

  /** The grant stored under a key, or null. */
  async stored(manager: EntityManager, key: string): Promise<CardGranted | null> {
    const row = await selectRow(
      manager,
      GrantRow,
      `SELECT g."id" AS grant_id, g."source", g."duplicate", g."points", ${cardColumns('c')}
       FROM "rewards"."card_grants" g JOIN "rewards"."cards" c ON c."id" = g."card_id" WHERE g."key" = $1`,
      [key],
    );
    return row ? { grantId: row.grant_id, source: row.source, card: cardView(row), duplicate: row.duplicate, points: Number(row.points) } : null;
  }

  private async cardById(manager: EntityManager, cardId: string): Promise<CardRow> {
    const row = await selectRow(manager, CardRow, `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE c."id" = $1`, [cardId]);
    if (!row) throw new NoCardToGrantError(`no card ${cardId}`);
    return row;
  }

  /** A card drawn by weight among those not retired (node:crypto randomInt). */
  private async draw(manager: EntityManager): Promise<CardRow> {
    const cards = await selectRows(manager, CardRow, `SELECT ${cardColumns('c')} FROM "rewards"."cards" c WHERE NOT c."retired" ORDER BY c."id"`);
    return drawByWeight(cards);
  }

  /**
   * A duplicate's points by rarity, credited once per grant key (`dup:<key>`) in the grant's
   * transaction. Not for the roulette's: spins never pay for themselves, so a balance buys exactly
   * balance / cost spins.
   */
  private async duplicatePoints(manager: EntityManager, grant: CardGrantInput, card: CardRow): Promise<number> {
    if (grant.source === 'roulette') return 0;
    return this.ledger.earn(manager, { userId: grant.userId, kind: 'card.duplicate', key: `dup:${grant.key}`, amount: DUPLICATE_POINTS[card.rarity] ?? 0 });
  }

  private queue(): Queue<CardGrantJobData> {
    if (!this.opened) {
      const connection = createRedisClient(this.options.url, { maxRetriesPerRequest: 1 });
      const queue = new Queue<CardGrantJobData>(QueueName.RewardsCardGrants, { connection, prefix: bullPrefix(this.options.keyPrefix) });
      queue.on('error', () => undefined);
      this.opened = { queue, connection };
    }
    return this.opened.queue;
  }

  async onApplicationShutdown() {
    if (this.opened) await closeWithConnection(this.opened.queue, this.opened.connection);
  }
}

/** One card by weight: a uniform draw in [0, total) from node:crypto, walked through the weights. */
export function drawByWeight<T extends { weight: number }>(cards: T[]): T {
  const total = cards.reduce((sum, card) => sum + Number(card.weight), 0);
  if (cards.length === 0 || total <= 0) throw new NoCardToGrantError('no card to draw');
  let ticket = randomInt(total);
  for (const card of cards) {
    ticket -= Number(card.weight);
    if (ticket < 0) return card;
  }
  return cards[cards.length - 1];
}

function checkKey(key: string) {
  if (typeof key !== 'string' || key.length === 0 || key.length > CARD_GRANT_KEY_MAX) throw new Error(`bad card grant key: ${String(key)}`);
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CARD_RARITIES, ErrorCode, POINTS_MESSAGES, type RouletteInfo, type RouletteSpin } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { CardGrants, NoCardToGrantError } from '../cards/card-grants.service';
import { PointsLedger } from '../points/points-ledger';
import { RouletteRepository } from './roulette.repository';
import { ROULETTE_SETTINGS, type RouletteSettings } from './roulette-settings';

const RECENT_SPINS = 10;
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * The roulette (docs/rewards.md, «Roulette»): a spin debits the cost, draws a card by weight with a
 * cryptographic RNG (CardGrants) and records itself in one transaction. The debit is a conditional
 * update of the account row, so concurrent spins queue on it and never overdraw. Nothing the client
 * sends decides the cost or the card.
 */
@Injectable()
export class RouletteService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ROULETTE_SETTINGS) private readonly settings: RouletteSettings,
    private readonly ledger: PointsLedger,
    private readonly grants: CardGrants,
    private readonly spins: RouletteRepository,
  ) {}

  async info(userId: string): Promise<RouletteInfo> {
    const [account, weights, recent] = await Promise.all([
      this.ledger.account(this.dataSource.manager, userId),
      this.spins.weightsByRarity(),
      this.spins.recent(userId, RECENT_SPINS),
    ]);
    const total = weights.reduce((sum, row) => sum + Number(row.weight), 0);
    const byRarity = new Map(weights.map((row) => [row.rarity, Number(row.weight)]));
    return {
      cost: this.settings.cost,
      balance: account.balance,
      odds: CARD_RARITIES.filter((rarity) => byRarity.has(rarity)).map((rarity) => ({
        rarity,
        share: total > 0 ? Math.round(((byRarity.get(rarity) ?? 0) / total) * 10000) / 10000 : 0,
      })),
      recent: recent.map((row) => ({ spinId: row.id, cardTitle: row.card_title, rarity: row.rarity, createdAt: new Date(row.created_at).toISOString() })),
    };
  }

  /**
   * The spin takes the account row first and the collection's row second, while a card grant of the
   * same user takes them the other way round (its duplicate's points): PostgreSQL breaks such a
   * deadlock by failing one of them, and a spin that lost is run again (nothing of it was committed).
   */
  async spin(userId: string): Promise<RouletteSpin> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.spinOnce(userId);
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || (error as { code?: string }).code !== DEADLOCK_DETECTED) throw error;
      }
    }
  }

  private async spinOnce(userId: string): Promise<RouletteSpin> {
    const cost = this.settings.cost;
    const spinId = randomUUID();
    const grantKey = `spin:${spinId}`;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const debited = await this.ledger.spend(manager, { userId, kind: 'roulette.spin', key: grantKey, cost });
        if (debited === null) throw RpcError.of(ErrorCode.ValidationFailed, POINTS_MESSAGES.notEnough(cost));
        const reward = await this.grants.grantInTransaction(manager, { key: grantKey, userId, source: 'roulette' });
        await this.spins.record(manager, { id: spinId, userId, cost, grantKey, cardTitle: reward.card.title, rarity: reward.card.rarity });
        // A duplicate's points were credited in the grant: the balance is read after it.
        const { balance } = await this.ledger.account(manager, userId);
        return { spinId, cost, reward, balance };
      });
    } catch (error) {
      if (error instanceof NoCardToGrantError) throw RpcError.of(ErrorCode.Conflict, POINTS_MESSAGES.noCard);
      throw error;
    }
  }
}

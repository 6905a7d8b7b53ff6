import { Injectable } from '@nestjs/common';
import { POINTS_HISTORY_PAGE, type PointsBalance, RANK_LADDER, rankForXp } from '@portal/contracts';
import { PointsRepository } from './points.repository';

/** GET /api/users/me/points: the balance, XP, rank and the history, a page at a time. */
@Injectable()
export class PointsService {
  constructor(private readonly points: PointsRepository) {}

  async balance(userId: string, cursor?: string): Promise<PointsBalance> {
    const after = cursor ? { createdAt: cursor.slice(0, cursor.indexOf('_')), id: cursor.slice(cursor.indexOf('_') + 1) } : undefined;
    const [account, rows] = await Promise.all([this.points.account(userId), this.points.history(userId, POINTS_HISTORY_PAGE + 1, after)]);
    const page = rows.slice(0, POINTS_HISTORY_PAGE);
    const rank = rankForXp(account.xp);
    const next = RANK_LADDER.find((step) => step.level === rank.level + 1);
    const last = page[page.length - 1];
    return {
      balance: account.balance,
      xp: account.xp,
      rank: rank.name,
      nextRank: next ? { name: next.name, minXp: next.minXp } : null,
      history: page.map((row) => ({ id: row.id, kind: row.kind, amount: Number(row.amount), createdAt: new Date(row.created_at).toISOString() })),
      nextCursor: rows.length > POINTS_HISTORY_PAGE && last ? `${new Date(last.created_at).toISOString()}_${last.id}` : null,
    };
  }
}

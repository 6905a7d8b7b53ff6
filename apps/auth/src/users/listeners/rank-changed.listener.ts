import { Injectable, type OnModuleInit } from '@nestjs/common';
import { RANK_LADDER } from '@portal/contracts';
import { EventConsumer, OutboxPublisher } from '@portal/messaging';
import { UserEntity } from '../entities/user.entity';

const levelOf = (rank: string) => RANK_LADDER.findIndex((step) => step.name === rank);

/**
 * The user's rank (SPEC: `rank` on the user object) follows the XP the rewards service counts
 * (docs/rewards.md, «Points and ranks»). XP never decreases, so a rank change that arrives late
 * (below the stored rank) is ignored; the account's readers hear of it by auth.user.updated.
 */
@Injectable()
export class RankChangedListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly outbox: OutboxPublisher,
  ) {}

  onModuleInit() {
    this.consumer.on('rewards.rank.changed', async (event, manager) => {
      if (levelOf(event.rank) < 0) return;
      const users = manager.getRepository(UserEntity);
      const user = await users.findOne({ where: { id: event.userId }, lock: { mode: 'pessimistic_write' } });
      if (!user || levelOf(event.rank) <= levelOf(user.rank)) return;
      user.rank = event.rank;
      const { username, displayName, avatar, rank } = await users.save(user);
      await this.outbox.publish(manager, 'auth.user.updated', { userId: user.id, changedFields: ['rank'], user: { username, displayName, avatar, rank } });
      return () => this.outbox.afterCommit();
    });
  }
}

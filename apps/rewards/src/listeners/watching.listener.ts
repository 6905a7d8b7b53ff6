import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ACHIEVEMENT_STREAK_DAYS } from '@portal/contracts';
import { EventConsumer, OutboxPublisher } from '@portal/messaging';
import { AchievementsRepository } from '../achievements/achievements.repository';
import { PointsLedger } from '../points/points-ledger';
import { ECONOMY_SETTINGS, type EconomySettings, utcDay } from './economy-settings';
import { EconomyRepository } from './economy.repository';

/**
 * Episodes actually watched (the community's community.episode.watched, from the player's progress,
 * never from a list status): points within the daily cap, the days-in-a-row streak and its
 * achievement, and a watching card for each REWARDS_EPISODES_PER_CARD episodes (keys
 * `watching:<userId>:<n>`). Each user's episode counts once.
 *
 * The card's key comes from the count this transaction keeps, so its request cannot run before it,
 * nor inside it (no queue add in a transaction, docs/architecture.md): the transaction publishes
 * `rewards.grant.requested` through the rewards outbox, and GrantRequestsListener queues the grant
 * once it has committed.
 */
@Injectable()
export class WatchingListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly ledger: PointsLedger,
    private readonly outbox: OutboxPublisher,
    private readonly achievements: AchievementsRepository,
    private readonly economy: EconomyRepository,
    @Inject(ECONOMY_SETTINGS) private readonly settings: EconomySettings,
  ) {}

  onModuleInit() {
    this.consumer.on('community.episode.watched', async ({ userId, animeId, episode, occurredAt }, manager) => {
      if (!(await this.economy.watched(manager, userId, animeId, episode))) return;
      // earn locks the account row first: one user's episodes are counted one at a time.
      await this.ledger.earn(manager, { userId, kind: 'episode.watched', key: `episode:${userId}:${animeId}:${episode}` });
      const watched = await this.economy.countEpisode(manager, userId);
      const cardDue = watched % this.settings.episodesPerCard === 0;
      if (cardDue) {
        await this.outbox.publish(manager, 'rewards.grant.requested', {
          key: `watching:${userId}:${watched / this.settings.episodesPerCard}`,
          userId,
          source: 'watching',
        });
      }
      const streak = await this.economy.watchDay(manager, userId, utcDay(occurredAt), ACHIEVEMENT_STREAK_DAYS);
      if (streak >= ACHIEVEMENT_STREAK_DAYS) await this.achievements.grant(manager, userId, `streak:${ACHIEVEMENT_STREAK_DAYS}`, 'streak');
      // Relayed at once rather than at the relay's next poll.
      return cardDue ? () => this.outbox.afterCommit() : undefined;
    });
  }
}

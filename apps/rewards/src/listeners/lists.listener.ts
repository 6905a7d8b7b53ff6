import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ACHIEVEMENT_GENRE_TITLES, ACHIEVEMENT_LIST_SIZES, type ListStatus } from '@portal/contracts';
import { EventConsumer } from '@portal/messaging';
import { AchievementsRepository } from '../achievements/achievements.repository';
import { CardGrants } from '../cards/card-grants.service';
import { PointsLedger } from '../points/points-ledger';
import { utcDay } from './economy-settings';
import { EconomyRepository } from './economy.repository';
import { TitleGenres } from './title-genres';

interface StatusChange {
  animeId: number;
  status: ListStatus | null;
  previousStatus: ListStatus | null;
}

/** A rewatch starts from completed: moving between the two completes nothing new. */
const isCompletion = ({ status, previousStatus }: StatusChange) => status === 'completed' && previousStatus !== 'completed' && previousStatus !== 'rewatching';
/** Titles of earlier completions whose genres are looked up again with a new completion. */
const GENRE_RETRIES = 50;
const sizeDelta = ({ status, previousStatus }: StatusChange) => (previousStatus === null && status !== null ? 1 : previousStatus !== null && status === null ? -1 : 0);

/**
 * The lists (docs/rewards.md): a title completed for the first time earns points and counts towards
 * the genre achievements; the list's size gives the 50/100/500 achievements; a real status change
 * (added or moved, not removed) asks for the day's list card, at most one a UTC day by its key.
 * An import earns the completion points and achievements but no card, so lists cannot be farmed.
 */
@Injectable()
export class ListsListener implements OnModuleInit {
  constructor(
    private readonly consumer: EventConsumer,
    private readonly ledger: PointsLedger,
    private readonly cardGrants: CardGrants,
    private readonly achievements: AchievementsRepository,
    private readonly economy: EconomyRepository,
    private readonly genres: TitleGenres,
  ) {}

  onModuleInit() {
    this.consumer.on('community.list.updated', async (change, manager) => {
      await this.apply(manager, change.userId, [change]);
      if (change.status !== null && change.status !== change.previousStatus) {
        await this.cardGrants.request({ key: `list:${change.userId}:${utcDay(change.occurredAt)}`, userId: change.userId, source: 'list' });
      }
    });
    this.consumer.on('community.list.imported', async ({ userId, entries }, manager) => {
      await this.apply(manager, userId, entries);
    });
  }

  private async apply(manager: EntityManager, userId: string, changes: StatusChange[]): Promise<void> {
    const delta = changes.reduce((sum, change) => sum + sizeDelta(change), 0);
    if (delta !== 0) {
      const size = await this.economy.resizeList(manager, userId, delta);
      for (const threshold of ACHIEVEMENT_LIST_SIZES) {
        if (delta > 0 && size >= threshold) await this.achievements.grant(manager, userId, `list-size:${threshold}`, 'list-size');
      }
    }
    const completions = changes.filter(isCompletion).map((change) => change.animeId);
    const firstTime = await this.economy.completed(manager, userId, completions);
    for (const animeId of firstTime) await this.ledger.earn(manager, { userId, kind: 'title.completed', key: `completed:${userId}:${animeId}` });
    if (firstTime.length === 0) return;
    // With the titles whose lookup failed before, so a catalogue outage only delays a genre achievement.
    const titles = [...new Set([...firstTime, ...(await this.genres.missingOf(manager, userId, GENRE_RETRIES))])];
    await this.genres.ensure(manager, titles);
    const counts = await this.economy.completedByGenre(manager, userId, await this.economy.genresOf(manager, titles));
    for (const { genre, titles } of counts) {
      if (titles >= ACHIEVEMENT_GENRE_TITLES) await this.achievements.grant(manager, userId, `genre:${genre}`, 'genre');
    }
  }
}

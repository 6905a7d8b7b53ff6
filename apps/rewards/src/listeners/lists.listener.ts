import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ACHIEVEMENT_GENRE_TITLES, ACHIEVEMENT_LIST_SIZES, type ListStatus } from '@portal/contracts';
import { EventConsumer } from '@portal/messaging';
import { AchievementsRepository } from '../achievements/achievements.repository';
import { CardGrants } from '../cards/card-grants.service';
import { PointsLedger } from '../points/points-ledger';
import { utcDay } from './economy-settings';
import { EconomyRepository } from './economy.repository';
import { GENRE_RETRIES, type LookedUpGenres, TitleGenres } from './title-genres';

interface StatusChange {
  animeId: number;
  status: ListStatus | null;
  previousStatus: ListStatus | null;
}

/** A rewatch starts from completed: moving between the two completes nothing new. */
const isCompletion = ({ status, previousStatus }: StatusChange) => status === 'completed' && previousStatus !== 'completed' && previousStatus !== 'rewatching';
const completionsOf = (changes: StatusChange[]) => changes.filter(isCompletion).map((change) => change.animeId);
const sizeDelta = ({ status, previousStatus }: StatusChange) =>
  previousStatus === null && status !== null ? 1 : previousStatus !== null && status === null ? -1 : 0;

/**
 * The lists (docs/rewards.md): a title completed for the first time earns points and counts towards
 * the genre achievements; the list's size gives the 50/100/500 achievements; a real status change
 * (added or moved, not removed) asks for the day's list card, at most one a UTC day by its key.
 * An import earns the completion points and achievements but no card, so lists cannot be farmed.
 *
 * What needs another service runs before the event's transaction (`prepare`, docs/architecture.md
 * «No remote call inside a transaction»): the card request (a queue add by its key, safe to repeat)
 * and the catalogue's genres of the titles; the transaction stores the genres with the rest.
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
    this.consumer.on('community.list.updated', {
      prepare: async (change) => {
        if (change.status !== null && change.status !== change.previousStatus) {
          await this.cardGrants.request({ key: `list:${change.userId}:${utcDay(change.occurredAt)}`, userId: change.userId, source: 'list' });
        }
        return this.genres.lookUp(change.userId, completionsOf([change]));
      },
      apply: (change, manager, genres) => this.apply(manager, change.userId, [change], genres),
    });
    this.consumer.on('community.list.imported', {
      prepare: ({ userId, entries }) => this.genres.lookUp(userId, completionsOf(entries)),
      apply: ({ userId, entries }, manager, genres) => this.apply(manager, userId, entries, genres),
    });
  }

  private async apply(manager: EntityManager, userId: string, changes: StatusChange[], genres: LookedUpGenres): Promise<void> {
    const delta = changes.reduce((sum, change) => sum + sizeDelta(change), 0);
    if (delta !== 0) {
      const size = await this.economy.resizeList(manager, userId, delta);
      for (const threshold of ACHIEVEMENT_LIST_SIZES) {
        if (delta > 0 && size >= threshold) await this.achievements.grant(manager, userId, `list-size:${threshold}`, 'list-size');
      }
    }
    const firstTime = await this.economy.completed(manager, userId, completionsOf(changes));
    for (const animeId of firstTime) await this.ledger.earn(manager, { userId, kind: 'title.completed', key: `completed:${userId}:${animeId}` });
    if (firstTime.length === 0) return;
    // With the titles whose lookup failed before, so a catalogue outage only delays a genre achievement.
    const titles = [...new Set([...firstTime, ...(await this.genres.missingOf(manager, userId, GENRE_RETRIES))])];
    await this.genres.store(manager, genres);
    const counts = await this.economy.completedByGenre(manager, userId, await this.economy.genresOf(manager, titles));
    for (const { genre, titles } of counts) {
      if (titles >= ACHIEVEMENT_GENRE_TITLES) await this.achievements.grant(manager, userId, `genre:${genre}`, 'genre');
    }
  }
}

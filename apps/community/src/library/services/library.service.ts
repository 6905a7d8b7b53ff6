import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  COMMUNITY_MESSAGES,
  ErrorCode,
  LIST_STATUSES,
  type AnimeListEntry,
  type AnimeRatingSummary,
  type AuthenticatedUser,
  type ListCounts,
  type ListPage,
} from '@portal/contracts';
import type { ListQuery } from '@portal/contracts/schemas';
import { OutboxPublisher } from '@portal/messaging';
import { AccountDirectory, RpcError } from '@portal/platform';
import { AnimeRefsService } from '../../anime-refs/anime-refs.service';
import { toListEntry, toListEntryWithRef } from '../entry.mapper';
import { type EntryRow, ListEntriesRepository, stateOf } from '../list-entries.repository';
import { applyListChange, type ListChange, NEW_ENTRY, sameState } from '../list-transitions';

/** A viewer's anime list and ratings. Every change commits with its event (the outbox). */
@Injectable()
export class LibraryService {
  constructor(
    private readonly entries: ListEntriesRepository,
    private readonly refs: AnimeRefsService,
    private readonly outbox: OutboxPublisher,
    private readonly users: AccountDirectory,
  ) {}

  /**
   * Applies a change under the entry's row lock, so two changes of one entry (two episodes recorded
   * at once) queue up and neither is lost. Every check runs before anything is written: the title is
   * looked up without storing it, and its copy is stored in the transaction that inserts the entry,
   * so a refused change (a rewatch of a title not completed, an episode past the total) leaves no row.
   */
  async update(user: AuthenticatedUser, animeId: number, change: ListChange): Promise<AnimeListEntry> {
    const ref = await this.refs.lookup(animeId, 'animeId');
    let kept = () => {};
    const row = await this.entries.transaction(async (manager) => {
      for (;;) {
        const current = await this.entries.lock(manager, user.id, ref.id);
        const result = applyListChange(current && stateOf(current), change, ref.episodes);
        if (!result.ok) throw RpcError.validation([result.error]);
        if (!current) {
          kept = await this.refs.keep([ref], manager);
          const inserted = await this.entries.insert(manager, user.id, ref.id, result.next);
          if (!inserted) continue; // inserted by a concurrent request meanwhile: lock it and apply on top
          await this.publishListChange(manager, null, inserted);
          return inserted;
        }
        if (sameState(stateOf(current), result.next)) return current;
        const updated = await this.entries.update(manager, user.id, ref.id, result.next);
        await this.publishListChange(manager, current, updated);
        return updated;
      }
    });
    kept();
    this.outbox.afterCommit();
    return toListEntry(row, ref);
  }

  /**
   * Rating an unlisted title adds it as planned (the rating needs an entry to live on). The title's
   * copy is stored in the transaction that adds the entry, never before it.
   */
  async rate(user: AuthenticatedUser, animeId: number, rating: number): Promise<AnimeRatingSummary> {
    const ref = await this.refs.lookup(animeId, 'animeId');
    let kept = () => {};
    const summary = await this.entries.transaction(async (manager) => {
      let current = await this.entries.lock(manager, user.id, ref.id);
      if (!current) {
        kept = await this.refs.keep([ref], manager);
        const inserted = await this.entries.insert(manager, user.id, ref.id, NEW_ENTRY, rating);
        if (inserted) {
          await this.publishListChange(manager, null, inserted);
          await this.outbox.publish(manager, 'community.rating.updated', { userId: user.id, animeId: ref.id, rating, previousRating: null });
          return this.entries.ratingSummary(ref.id, manager);
        }
        current = await this.entries.lock(manager, user.id, ref.id);
        if (!current) throw new Error('The list entry another request inserted is gone before it could be locked');
      }
      if (current.user_rating !== rating) {
        await this.entries.setRating(manager, user.id, ref.id, rating);
        await this.outbox.publish(manager, 'community.rating.updated', { userId: user.id, animeId: ref.id, rating, previousRating: current.user_rating });
      }
      return this.entries.ratingSummary(ref.id, manager);
    });
    kept();
    this.outbox.afterCommit();
    return { animeId: ref.id, userRating: rating, ...summary };
  }

  async remove(user: AuthenticatedUser, animeId: number): Promise<{ animeId: number; removed: true }> {
    // Looked up without storing a copy of the title: a refused removal (404) writes nothing.
    const ref = await this.refs.lookup(animeId, 'animeId');
    await this.entries.transaction(async (manager) => {
      const removed = await this.entries.delete(manager, user.id, ref.id);
      if (!removed) throw RpcError.of(ErrorCode.NotFound, COMMUNITY_MESSAGES.entryNotFound);
      await this.publishListChange(manager, removed, null);
      if (removed.user_rating !== null) {
        await this.outbox.publish(manager, 'community.rating.updated', { userId: user.id, animeId: ref.id, rating: null, previousRating: removed.user_rating });
      }
    });
    this.outbox.afterCommit();
    return { animeId: ref.id, removed: true };
  }

  async entry(user: AuthenticatedUser, animeId: number): Promise<AnimeListEntry | null> {
    const ref = await this.refs.lookup(animeId, 'animeId'); // an entry holds its title's copy: nothing to store
    const row = await this.entries.find(user.id, ref.id);
    return row && toListEntryWithRef(row);
  }

  /** The caller's own list, or with `username` anyone's (lists are public, like profiles). */
  /** A list, most recently changed first, with the count per status. */
  async list(userId: string, query: ListQuery): Promise<ListPage> {
    const [rows, found] = await Promise.all([
      this.entries.page(userId, query.status, (query.page - 1) * query.limit, query.limit),
      this.entries.counts(userId),
    ]);
    const counts = Object.fromEntries(LIST_STATUSES.map((status) => [status, found[status] ?? 0])) as ListCounts;
    const total = query.status ? counts[query.status] : Object.values(counts).reduce((sum, count) => sum + count, 0);
    return { items: rows.map(toListEntryWithRef), page: query.page, limit: query.limit, total, counts };
  }

  /** A public profile's list (404 for an unknown nickname). */
  async listOf(username: string, query: ListQuery): Promise<ListPage> {
    return this.list(await this.users.idOf(username), query);
  }

  private async publishListChange(manager: EntityManager, before: EntryRow | null, after: EntryRow | null): Promise<void> {
    const row = (after ?? before) as EntryRow;
    await this.outbox.publish(manager, 'community.list.updated', {
      userId: row.user_id,
      animeId: row.anime_id,
      status: after?.status ?? null,
      previousStatus: before?.status ?? null,
      progress: after?.progress ?? 0,
    });
  }
}

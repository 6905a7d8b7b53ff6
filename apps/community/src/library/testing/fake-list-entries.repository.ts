import type { EntityManager } from 'typeorm';
import type { ListCounts, ListStatus, TitleRef } from '@portal/contracts';
import type { FakeDatabase } from '@portal/testing';
import { toRefRow } from '../../testing/fake-anime-refs';
import { TABLES } from '../../testing/tables';
import type { EntryState } from '../list-transitions';
import type { EntryRow, EntryWithRefRow, ImportedEntry, ListEntriesRepository } from '../list-entries.repository';

const keyOf = (userId: string, animeId: number) => `${userId}:${animeId}`;

/** An entry as a first write makes it: planned, nothing watched, no rating. */
const newEntry = (userId: string, animeId: number) => ({
  user_id: userId,
  anime_id: animeId,
  status: 'planned' as const,
  progress: 0,
  user_rating: null,
  watched_episodes: [],
  rewatches: 0,
});

/**
 * ListEntriesRepository on the fake database: one entry per user and title (an insert that finds one
 * answers null, as ON CONFLICT DO NOTHING), reads joined with the stored title copies (no copy, no
 * row), pages most recently changed first, and the rating summary over every user's entries.
 */
export class FakeListEntriesRepository implements Pick<
  ListEntriesRepository,
  'transaction' | 'lock' | 'insert' | 'update' | 'setRating' | 'delete' | 'find' | 'page' | 'all' | 'counts' | 'ratingSummary' | 'lockMany' | 'upsertMany'
> {
  readonly rows: Map<string, EntryRow>;
  private readonly titles: Map<number, TitleRef>;

  constructor(private readonly db: FakeDatabase) {
    this.rows = db.table(TABLES.listEntries);
    this.titles = db.table(TABLES.animeRefs);
  }

  /** An entry stored directly (a planned one with no rating unless the fields say otherwise). */
  seed(userId: string, animeId: number, fields: Partial<EntryRow> = {}): EntryRow {
    const row: EntryRow = { ...newEntry(userId, animeId), updated_at: this.db.now(), ...fields };
    this.rows.set(keyOf(userId, animeId), row);
    return row;
  }

  /** One user's entry as stored, or undefined. */
  get(userId: string, animeId: number): EntryRow | undefined {
    return this.rows.get(keyOf(userId, animeId));
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  lock(manager: EntityManager, userId: string, animeId: number): Promise<EntryRow | null> {
    this.db.written(manager, `the lock of entry ${keyOf(userId, animeId)}`);
    return Promise.resolve(this.get(userId, animeId) ?? null);
  }

  insert(manager: EntityManager, userId: string, animeId: number, state: EntryState, userRating: number | null = null): Promise<EntryRow | null> {
    this.db.written(manager, `the entry ${keyOf(userId, animeId)}`);
    if (this.get(userId, animeId)) return Promise.resolve(null);
    return Promise.resolve(this.store(userId, animeId, { ...stateColumns(state), user_rating: userRating }));
  }

  update(manager: EntityManager, userId: string, animeId: number, state: EntryState): Promise<EntryRow> {
    this.db.written(manager, `the entry ${keyOf(userId, animeId)}`);
    return Promise.resolve(this.store(userId, animeId, stateColumns(state)));
  }

  setRating(manager: EntityManager, userId: string, animeId: number, rating: number): Promise<EntryRow> {
    this.db.written(manager, `the rating of ${keyOf(userId, animeId)}`);
    return Promise.resolve(this.store(userId, animeId, { user_rating: rating }));
  }

  delete(manager: EntityManager, userId: string, animeId: number): Promise<EntryRow | null> {
    this.db.written(manager, `the deletion of ${keyOf(userId, animeId)}`);
    const row = this.get(userId, animeId) ?? null;
    this.rows.delete(keyOf(userId, animeId));
    return Promise.resolve(row);
  }

  find(userId: string, animeId: number): Promise<EntryWithRefRow | null> {
    return Promise.resolve(this.withRef(this.get(userId, animeId)));
  }

  page(userId: string, status: ListStatus | undefined, offset: number, limit: number): Promise<EntryWithRefRow[]> {
    const rows = this.of(userId)
      .filter((row) => status === undefined || row.status === status)
      .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime() || a.anime_id - b.anime_id);
    return Promise.resolve(rows.flatMap((row) => this.withRef(row) ?? []).slice(offset, offset + limit));
  }

  all(userId: string): Promise<EntryWithRefRow[]> {
    const rows = this.of(userId).sort((a, b) => a.anime_id - b.anime_id);
    return Promise.resolve(rows.flatMap((row) => this.withRef(row) ?? []));
  }

  counts(userId: string): Promise<Partial<ListCounts>> {
    const counts: Partial<ListCounts> = {};
    for (const row of this.of(userId)) counts[row.status] = (counts[row.status] ?? 0) + 1;
    return Promise.resolve(counts);
  }

  ratingSummary(animeId: number): Promise<{ average: number; votes: number }> {
    const ratings = [...this.rows.values()].filter((row) => row.anime_id === animeId && row.user_rating !== null).map((row) => row.user_rating as number);
    const average = ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100;
    return Promise.resolve({ average, votes: ratings.length });
  }

  lockMany(manager: EntityManager, userId: string, animeIds: number[]): Promise<EntryRow[]> {
    this.db.written(manager, `the lock of ${animeIds.length} entries`);
    const ids = new Set(animeIds);
    return Promise.resolve(
      this.of(userId)
        .filter((row) => ids.has(row.anime_id))
        .sort((a, b) => a.anime_id - b.anime_id),
    );
  }

  upsertMany(manager: EntityManager, userId: string, entries: ImportedEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    this.db.written(manager, `${entries.length} imported entries`);
    for (const entry of entries) {
      const before = this.get(userId, entry.animeId);
      // watched_episodes: kept, unless the file starts a rewatch (a new pass); the rating only when given.
      const samePass = before && !(entry.status === 'rewatching' && before.status !== 'rewatching');
      this.store(userId, entry.animeId, {
        status: entry.status,
        progress: entry.progress,
        rewatches: entry.rewatches,
        user_rating: entry.userRating ?? before?.user_rating ?? null,
        watched_episodes: samePass ? before.watched_episodes : [],
      });
    }
    return Promise.resolve();
  }

  private of(userId: string): EntryRow[] {
    return [...this.rows.values()].filter((row) => row.user_id === userId);
  }

  /** Writes the entry's columns over what it had (a new entry: planned, 0, no rating), stamping updated_at. */
  private store(userId: string, animeId: number, columns: Partial<EntryRow>): EntryRow {
    const before = this.get(userId, animeId);
    const row: EntryRow = { ...newEntry(userId, animeId), ...before, ...columns, updated_at: this.db.now() };
    this.rows.set(keyOf(userId, animeId), row);
    return row;
  }

  /** The row with its title's stored copy, as the JOIN reads it (none stored, no row). */
  private withRef(row: EntryRow | undefined): EntryWithRefRow | null {
    const title = row && this.titles.get(row.anime_id);
    return row && title ? { ...row, ref: toRefRow(title) } : null;
  }
}

const stateColumns = (state: EntryState): Partial<EntryRow> => ({
  status: state.status,
  progress: state.progress,
  watched_episodes: [...state.watchedEpisodes],
  rewatches: state.rewatches,
});

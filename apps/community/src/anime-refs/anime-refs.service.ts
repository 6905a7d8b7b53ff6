import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { COMMUNITY_MESSAGES, type TitleRef } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { ServiceRpc } from '@portal/platform';
import { AnimeRefsBroadcast, type ChangedTitles } from './anime-refs-broadcast';
import { AnimeRefsRepository } from './anime-refs.repository';

const LOOKUP_CHUNK = 1000;
const MEMORY_ENTRIES = 50_000;
/** How long an id the catalogue does not know stays unknown here before it is asked again. */
const UNKNOWN_TTL_MS = 30_000;

const notFound = (field: string) => RpcError.validation([{ field, message: COMMUNITY_MESSAGES.animeNotFound }]);

/** A title the catalogue named but the community's table may not hold yet (stored by the write that needs it). */
interface Unheld {
  unheld: TitleRef;
}
type Remembered = TitleRef | Unheld | { unknownUntil: number };

const heldRef = (value: Remembered | undefined): TitleRef | undefined => (value && 'id' in value ? value : undefined);

/**
 * The community's read model of catalogue titles. A title is looked up in memory, then in the
 * community's own table by catalogue id, then asked of the catalogue (which also resolves Shikimori
 * ids), so the hot paths (progress writes) rarely leave the process.
 *
 * Writes look titles up with `peek`/`peekMany`, which store nothing, and store the copy with `keep`
 * inside the transaction that writes the accepted change (the progress writer in its batch's
 * statement): a refused request leaves no row behind. `resolve`/`require` store what they look up
 * (a cache fill for reads).
 *
 * Each replica has its memory; a catalogue event reaches one of them, which tells all
 * (AnimeRefsBroadcast) to forget the titles it changed.
 */
@Injectable()
export class AnimeRefsService {
  /** Requested id (catalogue or Shikimori) → the title (held in the table, or not yet); unknown until `unknownUntil`. */
  private readonly memory = new Map<number, Remembered>();
  /** Counts forgetting: a lookup that began before one does not remember what it read (it may be the old state). */
  private forgotten = 0;

  constructor(
    private readonly refs: AnimeRefsRepository,
    private readonly rpc: ServiceRpc,
    private readonly broadcast: AnimeRefsBroadcast,
  ) {
    broadcast.onChange((changed) => this.forget(changed));
  }

  /** The title of an id, stored if it was not, or a 400 naming `field`. For reads. */
  async require(id: number, field: string): Promise<TitleRef> {
    const ref = (await this.resolve([id])).get(id);
    if (!ref) throw notFound(field);
    return ref;
  }

  /** The title of an id without storing it, or a 400 naming `field`. */
  async lookup(id: number, field: string): Promise<TitleRef> {
    const ref = await this.peek(id);
    if (!ref) throw notFound(field);
    return ref;
  }

  /**
   * The title of an id without storing it, for a write that stores it in its own transaction (a
   * refused write then leaves no row behind); null when the catalogue does not know the id.
   */
  async peek(id: number): Promise<TitleRef | null> {
    return (await this.peekMany([id])).get(id) ?? null;
  }

  /** Each requested id the catalogue knows, to its title, storing nothing. */
  async peekMany(ids: number[]): Promise<Map<number, TitleRef>> {
    const found = new Map<number, TitleRef>();
    const now = Date.now();
    const forgotten = this.forgotten;
    const remember = (id: number, value: Remembered) => {
      if (this.forgotten === forgotten) this.remember(id, value);
    };
    let missing: number[] = [];
    for (const id of new Set(ids)) {
      const cached = this.memory.get(id);
      if (cached && 'id' in cached) found.set(id, cached);
      else if (cached && 'unheld' in cached) found.set(id, cached.unheld);
      else if (!cached || cached.unknownUntil < now) missing.push(id);
    }
    if (missing.length === 0) return found;

    for (const ref of await this.refs.findByIds(missing)) {
      found.set(ref.id, ref);
      remember(ref.id, ref);
    }
    missing = missing.filter((id) => !found.has(id));
    for (let start = 0; start < missing.length; start += LOOKUP_CHUNK) {
      const chunk = missing.slice(start, start + LOOKUP_CHUNK);
      for (const { requested, ref } of await this.rpc.send('catalogue.anime.refs', { ids: chunk })) {
        found.set(requested, ref);
        remember(requested, heldRef(this.memory.get(ref.id)) ?? { unheld: ref });
      }
      for (const id of chunk) if (!found.has(id)) remember(id, { unknownUntil: now + UNKNOWN_TTL_MS });
    }
    return found;
  }

  /** The title when the table may not hold its copy yet (the write that uses it must store it), else undefined. */
  unheld(ref: TitleRef): TitleRef | undefined {
    return heldRef(this.memory.get(ref.id)) ? undefined : ref;
  }

  /**
   * Stores, in the transaction of `manager`, the copies of these titles the table may not hold yet
   * (INSERT … ON CONFLICT DO NOTHING: a held title is neither rewritten nor locked; its events keep it
   * current). Returns what to call once that transaction has committed.
   */
  async keep(refs: TitleRef[], manager: EntityManager): Promise<() => void> {
    const missing = refs.filter((ref) => this.unheld(ref));
    await this.refs.insertMissing(missing, manager);
    return () => this.held(missing);
  }

  /** After the commit that stored these titles: later lookups know the table holds them. */
  held(refs: TitleRef[]): void {
    if (refs.length === 0) return;
    const ids = new Map(refs.map((ref) => [ref.id, ref]));
    for (const [requested, cached] of this.memory) {
      if ('unheld' in cached && ids.has(cached.unheld.id)) this.memory.set(requested, cached.unheld);
    }
    for (const ref of ids.values()) this.remember(ref.id, ref);
  }

  /** Each requested id the catalogue knows, to its title, storing the titles the table did not hold (reads). */
  async resolve(ids: number[]): Promise<Map<number, TitleRef>> {
    const found = await this.peekMany(ids);
    const unheld = [...found.values()].filter((ref) => this.unheld(ref));
    if (unheld.length > 0) {
      await this.refs.upsert(unheld);
      this.held(unheld);
    }
    return found;
  }

  /**
   * After catalogue changes: stores each title's new state, carried by the event, if the community
   * shows it. A deleted title keeps its last known state: the viewers' lists and history stay readable.
   */
  async refresh(changes: Array<{ animeId: number; title?: TitleRef }>, manager: EntityManager): Promise<() => void> {
    const changed = [...new Set(changes.map((change) => change.animeId))];
    const titles = changes.flatMap((change) => (change.title ? [change.title] : []));
    const held = await this.refs.existingIds(
      titles.map((title) => title.id),
      manager,
    );
    await this.refs.upsert(
      titles.filter((title) => held.has(title.id)),
      manager,
    );
    return () => {
      this.forget(changed);
      void this.broadcast.announce(changed);
    };
  }

  private forget(changed: ChangedTitles) {
    this.forgotten += 1;
    if (changed === 'all') return this.memory.clear();
    const ids = new Set(changed);
    for (const [requested, cached] of this.memory) {
      const ref = 'id' in cached ? cached : 'unheld' in cached ? cached.unheld : undefined;
      if (ids.has(requested) || (ref && ids.has(ref.id))) this.memory.delete(requested);
    }
  }

  private remember(id: number, value: Remembered) {
    if (this.memory.size >= MEMORY_ENTRIES) this.memory.clear();
    this.memory.set(id, value);
  }
}

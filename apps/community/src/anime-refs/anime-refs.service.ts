import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { COMMUNITY_MESSAGES, type TitleRef } from '@portal/contracts';
import { RpcError } from '@portal/platform';
import { ServiceRpc } from '../rpc/service-rpc';
import { AnimeRefsRepository } from './anime-refs.repository';

const LOOKUP_CHUNK = 1000;
const MEMORY_ENTRIES = 50_000;
/** How long an id the catalogue does not know stays unknown here before it is asked again. */
const UNKNOWN_TTL_MS = 30_000;

/**
 * The community's read model of catalogue titles. A title is looked up in memory, then in the
 * community's own table by catalogue id, then asked of the catalogue (which also resolves Shikimori
 * ids) and stored, so the hot paths (progress writes) rarely leave the process.
 */
@Injectable()
export class AnimeRefsService {
  /** Requested id (catalogue or Shikimori) → the title; null = unknown until `until`. */
  private readonly memory = new Map<number, TitleRef | { unknownUntil: number }>();

  constructor(
    private readonly refs: AnimeRefsRepository,
    private readonly rpc: ServiceRpc,
  ) {}

  /** The title of an id, or a 400 naming `field`. */
  async require(id: number, field: string): Promise<TitleRef> {
    const ref = (await this.resolve([id])).get(id);
    if (!ref) throw RpcError.validation([{ field, message: COMMUNITY_MESSAGES.animeNotFound }]);
    return ref;
  }

  /**
   * The title of an id without storing it, for a write that stores it in its own transaction (a
   * refused write then leaves no row behind); null when the catalogue does not know the id. Memory
   * keeps only titles the table holds, so an answer of the catalogue is not remembered here.
   */
  async peek(id: number): Promise<TitleRef | null> {
    const cached = this.memory.get(id);
    if (cached) {
      if ('id' in cached) return cached;
      if (cached.unknownUntil >= Date.now()) return null;
    }
    const [stored] = await this.refs.findByIds([id]);
    if (stored) {
      this.remember(id, stored);
      return stored;
    }
    const [answer] = await this.rpc.send('catalogue.anime.refs', { ids: [id] });
    if (!answer) this.remember(id, { unknownUntil: Date.now() + UNKNOWN_TTL_MS });
    return answer?.ref ?? null;
  }

  /** Each requested id the catalogue knows, to its title. */
  async resolve(ids: number[]): Promise<Map<number, TitleRef>> {
    const found = new Map<number, TitleRef>();
    const now = Date.now();
    let missing: number[] = [];
    for (const id of new Set(ids)) {
      const cached = this.memory.get(id);
      if (cached && 'id' in cached) found.set(id, cached);
      else if (!cached || cached.unknownUntil < now) missing.push(id);
    }
    if (missing.length === 0) return found;

    for (const ref of await this.refs.findByIds(missing)) {
      found.set(ref.id, ref);
      this.remember(ref.id, ref);
    }
    missing = missing.filter((id) => !found.has(id));
    for (let start = 0; start < missing.length; start += LOOKUP_CHUNK) {
      const chunk = missing.slice(start, start + LOOKUP_CHUNK);
      const answers = await this.rpc.send('catalogue.anime.refs', { ids: chunk });
      await this.refs.upsert(answers.map((answer) => answer.ref));
      for (const { requested, ref } of answers) {
        found.set(requested, ref);
        this.remember(requested, ref);
      }
      for (const id of chunk) if (!found.has(id)) this.remember(id, { unknownUntil: now + UNKNOWN_TTL_MS });
    }
    return found;
  }

  /**
   * After catalogue changes: stores each title's new state, carried by the event, if the community
   * shows it. A deleted title keeps its last known state: the viewers' lists and history stay readable.
   */
  async refresh(changes: Array<{ animeId: number; title?: TitleRef }>, manager: EntityManager): Promise<() => void> {
    const changed = new Set(changes.map((change) => change.animeId));
    const forget = () => {
      for (const [requested, cached] of this.memory) if (changed.has(requested) || ('id' in cached && changed.has(cached.id))) this.memory.delete(requested);
    };
    const titles = changes.flatMap((change) => (change.title ? [change.title] : []));
    const held = await this.refs.existingIds(titles.map((title) => title.id), manager);
    await this.refs.upsert(titles.filter((title) => held.has(title.id)), manager);
    return forget;
  }

  private remember(id: number, value: TitleRef | { unknownUntil: number }) {
    if (this.memory.size >= MEMORY_ENTRIES) this.memory.clear();
    this.memory.set(id, value);
  }
}

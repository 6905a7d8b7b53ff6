import type { EntityManager } from 'typeorm';
import type { AdminAction, CommentsServerToClientEvents } from '@portal/contracts';
import type { FakeDatabase } from '@portal/testing';
import type { AdminActionPublisher } from '../../admin-actions/admin-action.publisher';
import type { AmvRepository, AmvRow } from '../../amv/amv.repository';
import type { NewsReader } from '../../news/services/news-reader';
import type { RankingCountersRepository } from '../../rankings/ranking-counters.repository';
import type { CounterDelta } from '../../rankings/ranking-deltas';
import { TABLES } from '../../testing/tables';
import type { CommentLikesPusher } from '../comment-likes-pusher';
import type { CommentsPusher } from '../comments-pusher';

type RoomEvents = CommentsServerToClientEvents;
export interface RoomPush<E extends keyof RoomEvents = keyof RoomEvents> {
  animeId: number;
  event: E;
  payload: Parameters<RoomEvents[E]>[0];
}

/**
 * The title rooms' pushes, recorded. A push from inside a transaction throws: what goes to a room
 * must have committed (docs/realtime.md, «Comments»).
 */
export class RecordingCommentsPusher implements Pick<CommentsPusher, 'push'> {
  readonly pushes: RoomPush[] = [];

  constructor(private readonly db: FakeDatabase) {}

  push<E extends keyof RoomEvents>(animeId: number, event: E, ...payload: Parameters<RoomEvents[E]>): void {
    if (this.db.inTransaction) throw new Error(`CommentsPusher: ${event} pushed before its transaction committed`);
    this.pushes.push({ animeId, event, payload: payload[0] });
  }

  /** The payloads pushed as `event`, in order. */
  pushed<E extends keyof RoomEvents>(event: E): Array<Parameters<RoomEvents[E]>[0]> {
    return this.pushes.filter((push) => push.event === event).map((push) => push.payload as Parameters<RoomEvents[E]>[0]);
  }
}

/** The coalesced like-count pusher, recorded: which comments' counts changed, after commit. */
export class RecordingLikesPusher implements Pick<CommentLikesPusher, 'changed'> {
  readonly changes: Array<{ animeId: number; id: string }> = [];

  constructor(private readonly db: FakeDatabase) {}

  changed(animeId: number, id: string): void {
    if (this.db.inTransaction) throw new Error('CommentLikesPusher: a like count changed before its transaction committed');
    this.changes.push({ animeId, id });
  }
}

/** AMVs by id (only `find` is what comments need). */
export class FakeAmv implements Pick<AmvRepository, 'find'> {
  readonly rows = new Map<string, AmvRow>();

  add(id: string): AmvRow {
    const now = new Date();
    const row: AmvRow = {
      id,
      title: 'AMV',
      author: 'автор',
      anime_ids: [],
      music_artist: null,
      music_track: null,
      duration_seconds: 180,
      tags: [],
      views: 0,
      likes: 0,
      upload_id: null,
      hls_path: null,
      embed_url: 'https://example.org/embed',
      created_at: now,
      updated_at: now,
    };
    this.rows.set(id, row);
    return row;
  }

  find(id: string): Promise<AmvRow | null> {
    return Promise.resolve(this.rows.get(id) ?? null);
  }
}

/** Which news items are public now (published, their time come). */
export class FakeNews implements Pick<NewsReader, 'isPublished'> {
  readonly published = new Set<string>();

  isPublished(id: string): Promise<boolean> {
    return Promise.resolve(this.published.has(id));
  }
}

/** The rankings' counters (`${userId}:${board}` → value), changed in the caller's transaction. */
export class FakeRankings implements Pick<RankingCountersRepository, 'add'> {
  readonly counters: Map<string, number>;

  constructor(private readonly db: FakeDatabase) {
    this.counters = db.table(TABLES.rankingCounters);
  }

  add(manager: EntityManager, deltas: CounterDelta[]): Promise<void> {
    for (const { userId, board, delta } of deltas) {
      if (delta === 0) continue;
      this.db.written(manager, `the counter ${board} of ${userId}`);
      const key = `${userId}:${board}`;
      this.counters.set(key, (this.counters.get(key) ?? 0) + delta);
    }
    return Promise.resolve();
  }

  valueOf(userId: string, board: CounterDelta['board']): number {
    return this.counters.get(`${userId}:${board}`) ?? 0;
  }
}

/** `community.admin.acted`, kept only if the change's transaction commits. */
export class RecordingAdminActions implements Pick<AdminActionPublisher, 'publish'> {
  readonly actions: AdminAction[];

  constructor(private readonly db: FakeDatabase) {
    this.actions = db.list(TABLES.adminActions);
  }

  publish(manager: EntityManager, admin: { id: string }, action: Omit<AdminAction, 'actorId'>): Promise<void> {
    this.db.written(manager, `the admin action ${action.target}.${action.action}`);
    this.actions.push({ actorId: admin.id, ...action });
    return Promise.resolve();
  }
}

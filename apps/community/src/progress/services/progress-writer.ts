import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { TitleRef } from '@portal/contracts';
import { transportCall } from '@portal/messaging';
import { COMMUNITY_LOGGER } from '../../community.tokens';
import { type ProgressKey, ProgressRepository, type ProgressWrite, type TitleKey, type WrittenRow } from '../progress.repository';

export const PROGRESS_BATCHING = Symbol('PROGRESS_BATCHING');

export interface ProgressBatching {
  /** How long the first write of an idle period waits for others to share its statement. */
  windowMs: number;
  maxRows: number;
}

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  /** The write request this operation serves, recorded by the statement that commits it. */
  callId?: string;
}
/** A save may carry its title when the community does not hold its copy yet: the batch's statement stores it. */
type SaveOperation = { kind: 'save'; title?: TitleRef } & ProgressWrite;
type RowOperation = (SaveOperation | ({ kind: 'delete' } & ProgressKey)) & Pending<WrittenRow | null>;
type ForgetOperation = { kind: 'forget' } & TitleKey & Pending<number>;
type Operation = RowOperation | ForgetOperation;

const keyOf = (op: ProgressKey) => `${op.userId}:${op.animeId}:${op.episode}`;
/** One order of rows for every replica's statements, so two that share rows lock them in the same order. */
const byKey = (a: ProgressKey, b: ProgressKey) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : a.animeId - b.animeId || a.episode - b.episode);

/**
 * Group commit of watch progress. Writes are queued in arrival order and written by one statement
 * per batch (one batch in flight at a time): while a batch commits, the next one gathers, so under
 * load a batch is whatever arrived during the previous commit. Within a batch the last write of a
 * key wins; batches commit in order, so across batches too. Each caller is answered only after its
 * batch has committed: an acknowledged position is in PostgreSQL.
 *
 * With several replicas each has its own queue: their statements take rows in one order (byKey), so
 * two that share rows do not deadlock, and each records the write requests it serves (a replica
 * taking over a request of a dead one must not run again what was committed).
 */
@Injectable()
export class ProgressWriter implements BeforeApplicationShutdown {
  private queue: Operation[] = [];
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly progress: ProgressRepository,
    @Inject(PROGRESS_BATCHING) private readonly batching: ProgressBatching,
    @Inject(COMMUNITY_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Resolves with the stored row once it is committed. `title`: the copy of a title the community does
   * not hold yet, stored in the same statement as the save (no extra round trip).
   */
  save(write: Omit<ProgressWrite, 'at'> & { title?: TitleRef }): Promise<WrittenRow | null> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'save', ...write, at: new Date(), resolve, reject, callId: transportCall.currentWriteId() }));
  }

  /** Resolves with the deleted row, or null when there was none. */
  delete(key: ProgressKey): Promise<WrittenRow | null> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'delete', ...key, resolve, reject, callId: transportCall.currentWriteId() }));
  }

  /** Forgets every position of a title, in order with the writes around it; resolves with how many there were. */
  forget(key: TitleKey): Promise<number> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'forget', ...key, resolve, reject, callId: transportCall.currentWriteId() }));
  }

  async beforeApplicationShutdown() {
    this.start();
    await this.draining;
  }

  private enqueue(op: Operation): void {
    this.queue.push(op);
    if (this.draining) return; // the running drain takes it next
    if (this.queue.length >= this.batching.maxRows || this.batching.windowMs === 0) this.start();
    else this.timer ??= setTimeout(() => this.start(), this.batching.windowMs);
  }

  private start() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      // A forget runs alone, between the batches before and after it: one statement must not touch a row twice.
      const forget = this.queue.findIndex((op) => op.kind === 'forget');
      if (forget === 0) {
        await this.runForget(this.queue.shift() as ForgetOperation);
        continue;
      }
      const size = forget === -1 ? this.batching.maxRows : Math.min(forget, this.batching.maxRows);
      await this.flush(this.queue.splice(0, size) as RowOperation[]);
    }
  }

  private async runForget(op: ForgetOperation): Promise<void> {
    try {
      op.resolve(await this.progress.forget(op, op.callId ? [op.callId] : []));
    } catch (error) {
      this.logger.error({ err: error }, 'forgetting watch progress failed');
      op.reject(error);
    }
  }

  private async flush(batch: RowOperation[]): Promise<void> {
    const last = new Map<string, RowOperation>();
    for (const op of batch) last.set(keyOf(op), op);
    const saves: ProgressWrite[] = [];
    const deletes: ProgressKey[] = [];
    for (const op of last.values()) {
      if (op.kind === 'save') saves.push(op);
      else deletes.push(op);
    }
    saves.sort(byKey);
    deletes.sort(byKey);
    // Every accepted save's new title is stored, an overtaken one's too: its caller is told the title is held.
    const titles = batch.flatMap((op) => (op.kind === 'save' && op.title ? [op.title] : []));
    const callIds = [...new Set(batch.flatMap((op) => (op.callId ? [op.callId] : [])))];
    try {
      const rows = await this.progress.write(saves, deletes, titles, callIds);
      const written = new Map(rows.map((row) => [`${row.user_id}:${row.anime_id}:${row.episode}`, row]));
      for (const op of batch) {
        const row = written.get(keyOf(op)) ?? null;
        const winner = last.get(keyOf(op)) === op;
        // A write overtaken within its batch is answered with what it asked for (it was durable as the
        // order had it: replaced by a later write of the same key in the same commit).
        if (winner || op.kind === 'delete') op.resolve(winner ? row : null);
        else
          op.resolve({
            kind: 'saved',
            user_id: op.userId,
            anime_id: op.animeId,
            episode: op.episode,
            position: op.position,
            duration: op.duration ?? row?.duration ?? null,
            updated_at: op.at,
          });
      }
    } catch (error) {
      this.logger.error({ err: error, rows: batch.length }, 'watch progress batch failed');
      for (const op of batch) op.reject(error);
    }
  }
}

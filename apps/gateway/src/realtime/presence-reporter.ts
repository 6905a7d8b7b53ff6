import { randomUUID } from 'node:crypto';
import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { OnlineStats, PresenceReportAnswer, PresenceVisitor } from '@portal/contracts';
import { presenceSnapshotOf } from '@portal/contracts/schemas';
import { RpcClient } from '@portal/messaging';

/** A burst of arrivals and departures is reported once, this long after it began to settle. */
const CHANGE_DEBOUNCE_MS = 200;
/** The next try after a report the chat service did not answer. */
const RETRY_MS = 1000;
/** A stopping gateway waits this long at most for the chat service to take its goodbye. */
const GOODBYE_MS = 1000;

export interface PresenceReport {
  /** The last arrival (see `connected`) the counts hold. */
  generation: number;
  stats: OnlineStats;
  /** The counts differ from the previous report's. */
  changed: boolean;
}

/**
 * This gateway's side of online presence: who its connections are, reported to the chat service
 * (which owns presence: it keeps the reports in Redis and sums them) every heartbeat it names and
 * soon after any change. The answer to each report is the counts across all gateways. The id is
 * also how the chat service knows this gateway's watch-party sockets: when its reports stop (a
 * crash), they are taken out of their rooms.
 */
@Injectable()
export class PresenceReporter implements BeforeApplicationShutdown {
  readonly gatewayId = randomUUID();
  private readonly visitors = new Map<string, PresenceVisitor>();
  private readonly reportListeners = new Set<(report: PresenceReport) => void>();
  private readonly forgottenListeners = new Set<() => void>();
  private stats: OnlineStats | null = null;
  /** Counts every arrival, so a report can tell which arrivals its counts hold. */
  private generation = 0;
  private reports = 0;
  private started = false;
  private stopped = false;
  private inFlight = false;
  private again = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;

  constructor(private readonly rpc: RpcClient) {}

  /** The counts of the last answered report (null before the first). */
  get current(): OnlineStats | null {
    return this.stats;
  }

  /** Called after every answered report. */
  onReport(listener: (report: PresenceReport) => void): void {
    this.reportListeners.add(listener);
  }

  /** Called when the chat service had taken this gateway for dead (its reports expired) and it is back. */
  onForgotten(listener: () => void): void {
    this.forgottenListeners.add(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.report();
  }

  /** Returns the arrival's generation: the reports from it on count this visitor. */
  connected(socketId: string, visitor: PresenceVisitor): number {
    this.visitors.set(socketId, visitor);
    this.soon();
    this.generation += 1;
    return this.generation;
  }

  disconnected(socketId: string): void {
    if (this.visitors.delete(socketId)) this.soon();
  }

  /** The counts as a connection that has just arrived is told them: with itself, counted or not yet. */
  statsFor(visitor: PresenceVisitor): Promise<OnlineStats> {
    return this.rpc.send('chat.presence.stats-for', { visitor }, { requestId: randomUUID() });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.heartbeat);
    clearTimeout(this.pending);
    // Leaving cleanly: the counts stop holding this gateway's visitors at once.
    await withDeadline(this.rpc.send('chat.presence.leave', { gatewayId: this.gatewayId }, { requestId: randomUUID() }), GOODBYE_MS);
  }

  private soon(): void {
    if (!this.started || this.stopped) return;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.report(), CHANGE_DEBOUNCE_MS);
  }

  /** One report at a time, so answers never arrive out of order; a change meanwhile reports again. */
  private async report(): Promise<void> {
    if (this.stopped) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    clearTimeout(this.heartbeat);
    let next = RETRY_MS;
    try {
      const generation = this.generation;
      const snapshot = presenceSnapshotOf(this.visitors.values());
      const answer: PresenceReportAnswer = await this.rpc.send('chat.presence.report', { gatewayId: this.gatewayId, snapshot }, { requestId: randomUUID() });
      this.reports += 1;
      next = answer.heartbeatMs;
      const changed = JSON.stringify(answer.stats) !== JSON.stringify(this.stats);
      this.stats = answer.stats;
      this.reportListeners.forEach((listener) => listener({ generation, stats: answer.stats, changed }));
      if (!answer.known && this.reports > 1) this.forgottenListeners.forEach((listener) => listener());
    } catch {
      // The chat service is unreachable: the clients keep the last counts; the next report tries again.
    } finally {
      this.inFlight = false;
      if (!this.stopped) {
        this.heartbeat = setTimeout(() => void this.report(), next);
        if (this.again) {
          this.again = false;
          this.soon();
        }
      }
    }
  }
}

/** Waits for `promise` at most `ms`; a failure or a timeout is let go. */
export async function withDeadline(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

import { Inject, Injectable } from '@nestjs/common';
import type { OnlineStats, OnlineUsersPage, PresenceReportAnswer, PresenceSnapshot, PresenceVisitor } from '@portal/contracts';
import { aggregatePresence, withVisitor, type Presence } from '../presence';
import { PRESENCE_SETTINGS, PresenceRepository, type PresenceSettings } from '../presence.repository';

/**
 * Who is online, across gateways. Each gateway reports what it holds (every heartbeat and soon after
 * a change); the report is kept in Redis with a short expiry and answered with the sum of every live
 * report, so all gateways tell their clients the same numbers, and a gateway that dies (no shutdown,
 * no goodbye) drops out when its report expires. No timer runs here: the gateways' reports drive the
 * recounts, and Redis's expiry drops the dead, so any number of chat replicas share the work.
 */
@Injectable()
export class PresenceService {
  /** This replica's last recount: a newcomer's first numbers are computed from it without a Redis call. */
  private last: { presence: Presence; at: number } = { presence: aggregatePresence([]), at: 0 };

  constructor(
    private readonly reports: PresenceRepository,
    @Inject(PRESENCE_SETTINGS) private readonly settings: PresenceSettings,
  ) {}

  async report(gatewayId: string, snapshot: PresenceSnapshot): Promise<PresenceReportAnswer> {
    const known = await this.reports.store(gatewayId, snapshot);
    const { stats } = await this.recount();
    return { stats, heartbeatMs: this.settings.heartbeatMs, known };
  }

  /**
   * What one connection is told when it arrives: counts that already hold it, even before the
   * report that holds it (the first answer never leaves the newcomer out). From this replica's last
   * recount while it is younger than a heartbeat, so a burst of connections costs no Redis call.
   */
  async statsFor(visitor: PresenceVisitor): Promise<OnlineStats> {
    const presence = Date.now() - this.last.at < this.settings.heartbeatMs ? this.last.presence : await this.recount();
    return withVisitor(presence, visitor);
  }

  /** A slice of everyone online, in the order of the counts' names; always from a fresh recount. */
  async page(offset: number, limit: number): Promise<OnlineUsersPage> {
    const { usernames } = await this.recount();
    return { items: usernames.slice(offset, offset + limit), offset, limit, total: usernames.length };
  }

  async leave(gatewayId: string): Promise<void> {
    await this.reports.remove(gatewayId);
  }

  private async recount(): Promise<Presence> {
    const at = Date.now();
    const presence = aggregatePresence(await this.reports.live());
    if (at >= this.last.at) this.last = { presence, at };
    return presence;
  }
}

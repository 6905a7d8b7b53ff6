import type { Provider } from '@nestjs/common';
import type { GatewayEnv } from '@portal/config';
import { RoomStore, WATCH_PARTY_SETTINGS, type WatchPartySettings } from './room-store.service';
import { WatchPartyGateway } from './watch-party.gateway';
import { WatchPartyService } from './watch-party.service';

/** Everything the gateway module needs for watch parties (the controller is registered beside the others). */
export function watchPartyProviders(config: GatewayEnv): Provider[] {
  const settings: WatchPartySettings = {
    keyPrefix: config.REDIS_KEY_PREFIX,
    hostGraceMs: config.WATCH_PARTY_HOST_GRACE_MS,
    roomTtlSeconds: config.WATCH_PARTY_ROOM_TTL_SECONDS,
    // A replica is alive exactly as long as its presence snapshot would be.
    heartbeatMs: config.PRESENCE_HEARTBEAT_MS,
    replicaTtlSeconds: config.PRESENCE_TTL_SECONDS,
  };
  return [{ provide: WATCH_PARTY_SETTINGS, useValue: settings }, RoomStore, WatchPartyService, WatchPartyGateway];
}

import type { ErrorCode, FieldError } from '../api/envelope';
import type { AuthenticatedUser } from '../auth/user.dto';
import type { CollectionDetails } from '../catalogue/anime.dto';
import type { CatalogueIdRequest, CollectionCreate, CollectionWrite } from '../catalogue/catalogue.schemas';
import type { ProgressSaveManyRequest } from '../community/community.schemas';
import type { ProgressPoint } from '../community/library.dto';
import type { OperationRpcMap } from '../operations/registry';
import type { AmvViewState } from '../community/amv.dto';
import type { AmvViewRequest } from '../community/amv.schemas';
import type { SanctionNotice } from '../moderation/bans.dto';
import type { ServiceHealth, ServiceName } from '../platform/services';
import type { OnlineStats } from '../realtime/realtime-events';
import type { PresenceGatewayRequest, PresenceReportAnswer, PresenceReportRequest, PresenceStatsForRequest } from '../realtime/presence.schemas';
import type {
  WatchPartyChatRequest,
  WatchPartyControlRequest,
  WatchPartyDisconnectRequest,
  WatchPartyGatewayRequest,
  WatchPartyJoined,
  WatchPartyJoinRequest,
  WatchPartyLeaveRequest,
  WatchPartyReply,
} from '../realtime/watch-party.schemas';

/** What travels with every request over the transport, so logs and rules follow the caller. */
export interface RpcMeta {
  requestId: string;
  user?: AuthenticatedUser;
  clientIp?: string;
}

export interface RpcRequest<T> {
  meta: RpcMeta;
  data: T;
}

/** The error a service sends back; the gateway turns `code` into the HTTP status. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  sanction?: SanctionNotice;
}

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export interface PageQuery {
  page?: number;
  limit?: number;
}

type Health = { [S in ServiceName as `${S}.health`]: { request: Record<string, never>; response: ServiceHealth } };

/** The patterns not yet declared as operations (libs/contracts/src/operations): each is moving there. */
export interface HandDeclaredRpcMap extends Health {
  /** The generated poster, and where the title's own poster is (its `imageUrl`): what the gateway's poster routes need, in one read. */
  'catalogue.anime.poster': { request: CatalogueIdRequest; response: { id: number; svg: string; source: string } };
  'catalogue.collection.create': { request: CollectionCreate; response: CollectionDetails };
  'catalogue.collection.update': {
    request: CatalogueIdRequest & { collection: CollectionWrite };
    response: CollectionDetails & { replacedCover: string | null };
  };
  'catalogue.collection.delete': { request: CatalogueIdRequest; response: { id: number; deleted: true; cover: string | null } };
  /**
   * Many viewers' saves in one message: the gateway coalesces POST /api/progress calls arriving
   * within a millisecond or so. `userId` is the verified token's user; each item is answered alone.
   */
  'community.progress.save-many': {
    request: ProgressSaveManyRequest;
    response: Array<{ ok: true; point: ProgressPoint } | { ok: false; error: RpcErrorPayload }>;
  };
  /** An AMV's view (docs/community.md, «AMV»), counted once per viewer (user, or a guest's hashed address and browser) per day. */
  'community.amv.view': { request: AmvViewRequest; response: AmvViewState };
  /** A gateway's heartbeat with the visitors it holds: answered with the counts across all gateways. */
  'chat.presence.report': { request: PresenceReportRequest; response: PresenceReportAnswer };
  /** The counts as a connection that has just arrived is told them (with itself, counted or not yet). */
  'chat.presence.stats-for': { request: PresenceStatsForRequest; response: OnlineStats };
  /** A gateway stopping cleanly: its visitors leave the counts at once. */
  'chat.presence.leave': { request: PresenceGatewayRequest; response: { ok: true } };
  'chat.watch-party.join': { request: WatchPartyJoinRequest; response: WatchPartyReply<WatchPartyJoined> };
  'chat.watch-party.leave': { request: WatchPartyLeaveRequest; response: WatchPartyReply };
  'chat.watch-party.disconnect': { request: WatchPartyDisconnectRequest; response: WatchPartyReply };
  'chat.watch-party.control': { request: WatchPartyControlRequest; response: WatchPartyReply };
  'chat.watch-party.chat': { request: WatchPartyChatRequest; response: WatchPartyReply };
  /** A gateway stopping cleanly: its sockets leave their rooms (the hosts' grace periods start). */
  'chat.watch-party.drop-gateway': { request: WatchPartyGatewayRequest; response: { ok: true } };
}


/** Every request/response pattern with its payload and result. Both sides import this map. */
export interface RpcMap extends HandDeclaredRpcMap, OperationRpcMap {}

export type RpcPattern = keyof RpcMap;
export type RpcRequestOf<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = RpcMap[P]['response'];

export const healthPattern = <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`;

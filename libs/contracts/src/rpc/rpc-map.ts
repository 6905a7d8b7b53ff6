import type { ErrorCode, FieldError } from '../api/envelope';
import type { AuthenticatedUser } from '../auth/user.dto';
import type { AnimeDetails, CollectionDetails, MetadataSyncProgress } from '../catalogue/anime.dto';
import type {
  AnimeCreate,
  AnimeRefsRequest,
  AnimeWrite,
  CatalogueIdRequest,
  CollectionCreate,
  CollectionWrite,
  MetadataIdRequest,
  MetadataSyncRequest,
  ParserParseRequest,
  SavePosterRequest,
  SetBackgroundRequest,
} from '../catalogue/catalogue.schemas';
import type { ContinueWatchingQuery, ProgressSaveManyRequest, ProgressTarget } from '../community/community.schemas';
import type { AnimeRefLookup, ContinueWatchingItem, ProgressPoint } from '../community/library.dto';
import type { CommentItem, CommentLikeState, CommentNode, CommentThreadPage, LatestComment } from '../community/comments.dto';
import type {
  CommentCreateRequest,
  CommentGetRequest,
  CommentIdRequest,
  CommentListRequest,
  CommentUpdateRequest,
  LatestCommentsRequest,
} from '../community/comments.schemas';
import type { ReviewWithAnime } from '../community/reviews.dto';
import type { CommunityCounts, UserCommentPage } from '../community/profile-activity.dto';
import type { OperationRpcMap } from '../operations/registry';
import type { AmvViewState } from '../community/amv.dto';
import type { AmvViewRequest } from '../community/amv.schemas';
import type { ProfileActivityRequest, UserCommentsRequest, UserReviewsRequest } from '../community/profile-activity.schemas';
import type { SanctionNotice } from '../moderation/bans.dto';
import type { ServiceHealth, ServiceName } from '../platform/services';
import type { ChatMessageParams, ChatPageQuery, ChatPost } from '../realtime/chat.schemas';
import type { ChatMessage, OnlineStats, OnlineUsersPage } from '../realtime/realtime-events';
import type { OnlineUsersQuery } from '../realtime/online.schemas';
import type { PresenceGatewayRequest, PresenceReportAnswer, PresenceReportRequest, PresenceStatsForRequest } from '../realtime/presence.schemas';
import type { WatchPartyCreated, WatchPartyState } from '../realtime/watch-party';
import type {
  WatchPartyChatRequest,
  WatchPartyControlRequest,
  WatchPartyDisconnectRequest,
  WatchPartyGatewayRequest,
  WatchPartyJoined,
  WatchPartyJoinRequest,
  WatchPartyLeaveRequest,
  WatchPartyOpenRequest,
  WatchPartyReply,
  WatchPartyRoomParams,
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
  'catalogue.anime.create': { request: AnimeCreate; response: AnimeDetails };
  'catalogue.anime.patch': { request: CatalogueIdRequest & { anime: AnimeWrite }; response: AnimeDetails };
  'catalogue.anime.delete': { request: CatalogueIdRequest; response: { id: number; deleted: true } };
  'catalogue.posters.update': { request: Record<string, never>; response: { queued: number } };
  'catalogue.poster.save': { request: SavePosterRequest; response: AnimeDetails };
  'catalogue.collection.create': { request: CollectionCreate; response: CollectionDetails };
  'catalogue.collection.update': {
    request: CatalogueIdRequest & { collection: CollectionWrite };
    response: CollectionDetails & { replacedCover: string | null };
  };
  'catalogue.collection.delete': { request: CatalogueIdRequest; response: { id: number; deleted: true; cover: string | null } };
  'catalogue.metadata.sync': { request: MetadataSyncRequest; response: { queued: number } };
  'catalogue.metadata.progress': { request: Record<string, never>; response: MetadataSyncProgress };
  'catalogue.parser.parse': { request: ParserParseRequest; response: { jobId: string } };
  'catalogue.images.search': { request: MetadataIdRequest; response: { images: Array<{ original: string; preview: string }> } };
  'catalogue.images.set-background': { request: SetBackgroundRequest; response: { jobId: string } };
  /** Display slices of titles by catalogue or Shikimori id, for the community's read model; unknown ids are left out. */
  'catalogue.anime.refs': { request: AnimeRefsRequest; response: AnimeRefLookup[] };
  /**
   * Many viewers' saves in one message: the gateway coalesces POST /api/progress calls arriving
   * within a millisecond or so. `userId` is the verified token's user; each item is answered alone.
   */
  'community.progress.save-many': {
    request: ProgressSaveManyRequest;
    response: Array<{ ok: true; point: ProgressPoint } | { ok: false; error: RpcErrorPayload }>;
  };
  'community.progress.get': { request: ProgressTarget; response: ProgressPoint | null };
  /** Without `episode` every position of the title is forgotten. */
  'community.progress.delete': { request: ProgressTarget; response: { deleted: boolean } };
  'community.progress.continue': { request: ContinueWatchingQuery; response: ContinueWatchingItem[] };
  /** A comment or a reply by the caller (docs/community.md, «Comments»): the item as its author sees it. */
  'community.comment.create': { request: CommentCreateRequest; response: CommentItem };
  /** A target's threads, newest first, each with its replies nested; spoilers decided for the caller. */
  'community.comments.list': { request: CommentListRequest; response: CommentThreadPage };
  /** One comment with the replies shown under it. */
  'community.comment.get': { request: CommentGetRequest; response: CommentNode };
  /** The author changes the text (sets `editedAt`). */
  'community.comment.update': { request: CommentUpdateRequest; response: CommentItem };
  /** By the author or an admin (the community asks auth for the caller's role). */
  'community.comment.delete': { request: CommentIdRequest; response: { id: string; deleted: true } };
  'community.comment.like': { request: CommentIdRequest; response: CommentLikeState };
  'community.comment.unlike': { request: CommentIdRequest; response: CommentLikeState };
  /** The newest comments across all titles. */
  'community.comments.latest': { request: LatestCommentsRequest; response: LatestComment[] };
  /** A profile's comments (docs/community.md, «Profile»): not deleted, newest first, spoilers decided for the caller. */
  'community.comments.of-user': { request: UserCommentsRequest; response: UserCommentPage };
  /** A profile's reviews, newest first: approved ones, and to the author and admins the others too. */
  'community.reviews.of-user': { request: UserReviewsRequest; response: Page<ReviewWithAnime> };
  /** The numbers of a profile's «Рецензии» and «Комментарии» tabs, as the caller may see them. */
  'community.counts.of-user': { request: ProfileActivityRequest; response: CommunityCounts };
  /** An AMV's view (docs/community.md, «AMV»), counted once per viewer (user, or a guest's hashed address and browser) per day. */
  'community.amv.view': { request: AmvViewRequest; response: AmvViewState };
  'chat.messages.list': { request: ChatPageQuery; response: { items: ChatMessage[]; nextCursor: string | null } };
  /** `avatar` is the author's, looked up by the gateway. */
  'chat.message.post': { request: ChatPost; response: ChatMessage };
  'chat.message.delete': { request: ChatMessageParams; response: { id: string; deleted: true } };
  /** One message that is not deleted (what a report on it snapshots). */
  'chat.message.get': { request: ChatMessageParams; response: ChatMessage };
  /** A gateway's heartbeat with the visitors it holds: answered with the counts across all gateways. */
  'chat.presence.report': { request: PresenceReportRequest; response: PresenceReportAnswer };
  /** The counts as a connection that has just arrived is told them (with itself, counted or not yet). */
  'chat.presence.stats-for': { request: PresenceStatsForRequest; response: OnlineStats };
  /** Everyone signed in online, alphabetically, each once (GET /api/online/users). */
  'chat.presence.users': { request: OnlineUsersQuery; response: OnlineUsersPage };
  /** A gateway stopping cleanly: its visitors leave the counts at once. */
  'chat.presence.leave': { request: PresenceGatewayRequest; response: { ok: true } };
  /** The caller (`meta.user`) opens a room and hosts it. */
  'chat.watch-party.create': { request: WatchPartyOpenRequest; response: WatchPartyCreated };
  /** A room's state; 404 for an unknown one. */
  'chat.watch-party.get': { request: WatchPartyRoomParams; response: WatchPartyState };
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

import type { ErrorCode, FieldError } from '../api/envelope';
import type { LoginRequest, ProfileUpdate, RegisterRequest, UserIdsRequest, UsersPageQuery } from '../auth/auth.schemas';
import type {
  AuthenticatedUser,
  AuthSession,
  Captcha,
  PublicUser,
  SelfUser,
  TelegramChannelInfo,
  UserName,
  UsernameAvailability,
} from '../auth/user.dto';
import type { AuthProviders, TelegramSession, TelegramSessionCheck, VkSignInOutcome, VkSignInStart } from '../auth/social.dto';
import type { TelegramCheckSessionRequest, TelegramNoticesRequest, TelegramWebhookRequest, VkCallbackRequest } from '../auth/social.schemas';
import type {
  AnimeDetails,
  AnimeStats,
  AnimeSummary,
  CharacterDetails,
  CharacterSummary,
  Collection,
  CollectionDetails,
  Genre,
  MetadataSyncProgress,
  SearchHit,
  SeiyuuDetails,
  Suggestion,
} from '../catalogue/anime.dto';
import type {
  AnimeCreate,
  AnimeListRequest,
  AnimeRefsRequest,
  AnimeSearchRequest,
  AnimeSuggestRequest,
  AnimeWrite,
  CatalogueIdRequest,
  CataloguePageRequest,
  CharactersRequest,
  CollectionCreate,
  CollectionWrite,
  GenrePageRequest,
  MetadataIdRequest,
  MetadataSyncRequest,
  ParserParseRequest,
  SavePosterRequest,
  SetBackgroundRequest,
} from '../catalogue/catalogue.schemas';
import type {
  ContinueWatchingQuery,
  ListEntryParams,
  ListExportRequest,
  ListImportRequest,
  ListPageRequest,
  ListStatusUpdate,
  ProgressSaveManyRequest,
  ProgressTarget,
  RatingUpdate,
} from '../community/community.schemas';
import type { AnimeListEntry, AnimeRatingSummary, AnimeRefLookup, ContinueWatchingItem, ListCounts, ListImportReport, ProgressPoint } from '../community/library.dto';
import type { NotificationPage, UnreadCount } from '../community/notifications.dto';
import type { NotificationListQuery, NotificationReadRequest } from '../community/notifications.schemas';
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
import type { AmvAdjacent, AmvItem, AmvLikeState, AmvPage, AmvPlaylist, AmvTop, AmvViewState } from '../community/amv.dto';
import type {
  AmvAdjacentRequest,
  AmvCreateRequest,
  AmvIdRequest,
  AmvListRequest,
  AmvPlaylistAddRequest,
  AmvPlaylistReorderRequest,
  AmvSearchRequest,
  AmvUpdateRequest,
  AmvViewRequest,
} from '../community/amv.schemas';
import type { ProfileActivityRequest, UserCommentsRequest, UserReviewsRequest } from '../community/profile-activity.schemas';
import type { AnimeEpisodes } from '../media/episode.dto';
import type { EpisodesListRequest } from '../media/episodes.schemas';
import type { ReportCasePage, ReportCase } from '../moderation/reports.dto';
import type { ReportDecisionRequest, ReportQueueRequest } from '../moderation/reports.schemas';
import type { StatsQuery } from '../moderation/moderation.schemas';
import type { ChatMute, IpBan, NicknameReset, SanctionNotice, UserBan } from '../moderation/bans.dto';
import type { BanRequest, ChatMuteRequest, IpBanCreateRequest, IpBanDeleteRequest, UserSanctionRequest } from '../moderation/bans.schemas';
import type { SiteStats } from '../moderation/stats.dto';
import type { ServiceHealth, ServiceName } from '../platform/services';
import type { CardCatalogue, CardCollection, CardItem, CardOwners, CardRewardAnswer } from '../rewards/cards.dto';
import type { CardCreateRequest, CardGrantAwaitRequest, CardUpdateRequest } from '../rewards/cards.schemas';
import type { AchievementItem, PointsBalance, RouletteInfo, RouletteSpin } from '../rewards/points.dto';
import type { PointsHistoryRequest, RewardsUserRequest } from '../rewards/points.schemas';
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
  'auth.captcha.create': { request: Record<string, never>; response: Captcha };
  'auth.user.register': { request: RegisterRequest; response: AuthSession };
  'auth.user.login': { request: LoginRequest; response: AuthSession };
  'auth.session.verify': { request: Record<string, never>; response: { user: SelfUser } };
  'auth.profile.update': { request: ProfileUpdate; response: SelfUser };
  'auth.username.check': { request: { username: string }; response: UsernameAvailability };
  'auth.user.profile': { request: { username: string }; response: PublicUser };
  /** Admins: newest first, `q` a nickname or email prefix. */
  'auth.users.list': { request: UsersPageQuery; response: Page<SelfUser> };
  'auth.user.set-admin': { request: { userId: string; isAdmin: boolean }; response: SelfUser };
  'auth.access.check': { request: Record<string, never>; response: { isAdmin: boolean } };
  'auth.telegram.channel-info': { request: Record<string, never>; response: TelegramChannelInfo };
  'auth.telegram.session.create': { request: Record<string, never>; response: TelegramSession };
  'auth.telegram.session.check': { request: TelegramCheckSessionRequest; response: TelegramSessionCheck };
  'auth.telegram.webhook': { request: TelegramWebhookRequest; response: { accepted: boolean } };
  'auth.telegram.notices.set': { request: TelegramNoticesRequest; response: SelfUser };
  'auth.providers.get': { request: Record<string, never>; response: AuthProviders };
  'auth.vk.start': { request: Record<string, never>; response: VkSignInStart };
  'auth.vk.complete': { request: VkCallbackRequest; response: AuthSession & { outcome: VkSignInOutcome } };
  'moderation.audit-log.list': { request: PageQuery; response: Page<AuditLogEntry> };
  /** Admin only (checked with auth): report cases, one per target. */
  'moderation.reports.list': { request: ReportQueueRequest; response: ReportCasePage };
  /** Admin only: resolve (optionally deleting the content through its owner) or reject a whole case. */
  'moderation.report.decide': { request: ReportDecisionRequest; response: ReportCase };
  /** Admins: daily figures of the last `days` days and the job queues' depths (docs/moderation.md, «Statistics»). */
  'moderation.stats.get': { request: StatsQuery; response: SiteStats };
  /** Admins: warn, make read-only or ban a user (escalated 1 day → 7 days → for ever without `until`); audited (docs/moderation.md, «Bans»). */
  'moderation.user.ban': { request: BanRequest; response: UserBan };
  'moderation.user.unban': { request: UserSanctionRequest; response: UserBan };
  'moderation.user.chat-mute': { request: ChatMuteRequest; response: ChatMute };
  'moderation.user.chat-unmute': { request: UserSanctionRequest; response: ChatMute };
  /** Admins: auth renames the user to a free generated nickname; audited and notified. */
  'moderation.user.reset-nickname': { request: UserSanctionRequest; response: NicknameReset };
  'moderation.ip-bans.list': { request: Record<string, never>; response: IpBan[] };
  'moderation.ip-ban.create': { request: IpBanCreateRequest; response: IpBan };
  'moderation.ip-ban.delete': { request: IpBanDeleteRequest; response: IpBan };
  /** Admin (checked by auth): rename a user to a free generated nickname `user<6 digits>`. */
  'auth.user.reset-username': { request: UserSanctionRequest; response: NicknameReset };
  /** A public profile by account id (what a report on a user snapshots). */
  'auth.user.by-id': { request: { userId: string }; response: PublicUser };
  /** Current nicknames of up to 100 accounts in one query; an id without an account is left out. */
  'auth.users.by-ids': { request: UserIdsRequest; response: UserName[] };
  'catalogue.anime.list': { request: AnimeListRequest; response: Page<AnimeSummary> };
  'catalogue.anime.popular': { request: CataloguePageRequest; response: Page<AnimeSummary> };
  'catalogue.anime.top': { request: CataloguePageRequest; response: Page<AnimeSummary> };
  'catalogue.anime.new': { request: CataloguePageRequest; response: Page<AnimeSummary> };
  'catalogue.anime.get': { request: CatalogueIdRequest; response: AnimeDetails };
  'catalogue.anime.stats': { request: CatalogueIdRequest; response: AnimeStats };
  'catalogue.anime.search': { request: AnimeSearchRequest; response: SearchHit[] };
  'catalogue.anime.suggest': { request: AnimeSuggestRequest; response: Suggestion[] };
  /** The generated poster, and where the title's own poster is (its `imageUrl`): what the gateway's poster routes need, in one read. */
  'catalogue.anime.poster': { request: CatalogueIdRequest; response: { id: number; svg: string; source: string } };
  'catalogue.anime.create': { request: AnimeCreate; response: AnimeDetails };
  'catalogue.anime.patch': { request: CatalogueIdRequest & { anime: AnimeWrite }; response: AnimeDetails };
  'catalogue.anime.delete': { request: CatalogueIdRequest; response: { id: number; deleted: true } };
  'catalogue.posters.update': { request: Record<string, never>; response: { queued: number } };
  'catalogue.poster.save': { request: SavePosterRequest; response: AnimeDetails };
  'catalogue.genres.list': { request: Record<string, never>; response: Genre[] };
  'catalogue.genre.anime': { request: GenrePageRequest; response: Page<AnimeSummary> & { genre: Genre } };
  'catalogue.characters.list': { request: CharactersRequest; response: Page<CharacterSummary> };
  'catalogue.character.get': { request: CatalogueIdRequest; response: CharacterDetails };
  'catalogue.seiyuu.get': { request: CatalogueIdRequest; response: SeiyuuDetails };
  'catalogue.collections.list': { request: CataloguePageRequest; response: Page<Collection> };
  'catalogue.collections.featured': { request: Record<string, never>; response: Collection[] };
  'catalogue.collection.get': { request: CatalogueIdRequest; response: CollectionDetails };
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
  'catalogue.episodes.list': { request: EpisodesListRequest; response: AnimeEpisodes };
  'community.list.update': { request: ListStatusUpdate; response: AnimeListEntry };
  'community.list.remove': { request: ListEntryParams; response: { animeId: number; removed: true } };
  'community.list.entry': { request: ListEntryParams; response: AnimeListEntry | null };
  /** Someone's list: the caller's own without `username`, a public profile's with it. */
  'community.list.get': {
    request: ListPageRequest;
    response: Page<AnimeListEntry> & { counts: ListCounts };
  };
  /** Without `format` the file's first character decides: `<` MyAnimeList XML, `[` Shikimori JSON. */
  'community.list.import': { request: ListImportRequest; response: ListImportReport };
  'community.list.export': { request: ListExportRequest; response: { filename: string; contentType: string; body: string } };
  'community.rating.set': { request: RatingUpdate; response: AnimeRatingSummary };
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
  /** The caller's notifications, newest (updated) first, with the unread total. */
  'community.notifications.list': { request: NotificationListQuery; response: NotificationPage };
  'community.notifications.unread-count': { request: Record<string, never>; response: UnreadCount };
  /** Marks the caller's own notifications read (ids of others are ignored); answers the unread left. */
  'community.notifications.read': { request: NotificationReadRequest; response: UnreadCount };
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
  /** AMV clips (docs/community.md, «AMV»): listing by letter, page and typo-tolerant search, in title order. */
  'community.amv.list': { request: AmvListRequest; response: AmvPage };
  'community.amv.top': { request: Record<string, never>; response: AmvTop };
  'community.amv.search': { request: AmvSearchRequest; response: AmvPage };
  'community.amv.get': { request: AmvIdRequest; response: AmvItem };
  'community.amv.adjacent': { request: AmvAdjacentRequest; response: AmvAdjacent };
  /** Admin only (checked with auth). An upload's video is queued for HLS transcoding. */
  'community.amv.create': { request: AmvCreateRequest; response: AmvItem };
  'community.amv.update': { request: AmvUpdateRequest; response: AmvItem };
  'community.amv.delete': { request: AmvIdRequest; response: { id: string; deleted: true } };
  'community.amv.like': { request: AmvIdRequest; response: AmvLikeState };
  'community.amv.unlike': { request: AmvIdRequest; response: AmvLikeState };
  /** Counted once per viewer (user, or a guest's hashed address and browser) per day. */
  'community.amv.view': { request: AmvViewRequest; response: AmvViewState };
  /** The caller's own AMV playlist, in its order. */
  'community.amv-playlist.get': { request: Record<string, never>; response: AmvPlaylist };
  'community.amv-playlist.add': { request: AmvPlaylistAddRequest; response: AmvPlaylist };
  'community.amv-playlist.remove': { request: AmvPlaylistAddRequest; response: AmvPlaylist };
  'community.amv-playlist.reorder': { request: AmvPlaylistReorderRequest; response: AmvPlaylist };
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
  /** The card catalogue: every card not retired (docs/rewards.md, «Карточки»). */
  'rewards.cards.list': { request: Record<string, never>; response: CardCatalogue };
  /** Admin: a card of a file the gateway stored in MEDIA_DIR/cards. */
  'rewards.card.create': { request: CardCreateRequest; response: CardItem };
  /** Admin: change a card's fields. */
  'rewards.card.update': { request: CardUpdateRequest; response: CardItem };
  /** Admin: retire a card (no longer dropped, kept in collections). */
  'rewards.card.retire': { request: { id: string }; response: CardItem };
  /** A user's collection, with the missing cards. */
  'rewards.cards.collection': { request: { userId: string }; response: CardCollection };
  /** Who has a card, the most copies first (top 50). */
  'rewards.card.owners': { request: { id: string }; response: CardOwners };
  /** The grant under a key as soon as it exists, else nulls after `waitMs` (docs/rewards.md, «Grants and exactly once»). */
  'rewards.grant.await': { request: CardGrantAwaitRequest; response: CardRewardAnswer };
  /** A user's balance, XP, rank and a page of the points history (docs/rewards.md, «Points and ranks»). */
  'rewards.points.get': { request: PointsHistoryRequest; response: PointsBalance };
  /** The roulette's price, odds and the user's recent spins. */
  'rewards.roulette.get': { request: RewardsUserRequest; response: RouletteInfo };
  /** The signed-in user (meta.user) spins: debit, draw and grant in one transaction (docs/rewards.md, «Roulette»). */
  'rewards.roulette.spin': { request: Record<string, never>; response: RouletteSpin };
  /** A user's achievements with their dates, newest first. */
  'rewards.achievements.list': { request: RewardsUserRequest; response: AchievementItem[] };
}

export interface AuditLogEntry {
  id: string;
  eventName: string;
  /** Null when no account is the subject (an admin's decision on an AMV). */
  subjectUserId: string | null;
  /** The admin who acted (moderation decisions); null for an account's own events. */
  actorId: string | null;
  /** The actor's and the subject's nicknames now, from auth; null without an id, when the account is gone or auth did not answer. */
  actorName: string | null;
  subjectName: string | null;
  details: Record<string, unknown>;
  occurredAt: string;
}

/** Every request/response pattern with its payload and result. Both sides import this map. */
export interface RpcMap extends HandDeclaredRpcMap, OperationRpcMap {}

export type RpcPattern = keyof RpcMap;
export type RpcRequestOf<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = RpcMap[P]['response'];

export const healthPattern = <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`;

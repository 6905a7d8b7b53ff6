// Everything here is plain TypeScript with no runtime dependencies: the web client imports it too.
export * from './api/envelope';
export * from './auth/auth.messages';
export * from './auth/auth.validation';
export * from './validation/invisible-characters';
export * from './auth/user.dto';
export type { LoginRequest, ProfileUpdate, RegisterRequest } from './auth/auth.schemas';
export * from './auth/social.dto';
export * from './auth/session-hint';
export type { TelegramCheckSessionRequest, TelegramNoticesRequest, TelegramWebhookRequest, VkCallbackRequest } from './auth/social.schemas';
export * from './catalogue/anime.dto';
export type { AnimeCreate, AnimeListQuery, AnimeWrite, CollectionCreate, CollectionWrite } from './catalogue/catalogue.schemas';
export * from './catalogue/catalogue.labels';
export * from './catalogue/catalogue-pages';
export * from './catalogue/catalogue-cache';
export * from './community/continue-watching.labels';
export * from './community/library.dto';
export type { ListStatusUpdate, ProgressSave, RatingUpdate } from './community/community.schemas';
export * from './community/notifications.dto';
export type { NotificationListQuery, NotificationReadRequest } from './community/notifications.schemas';
export * from './community/comments.dto';
export type { CommentCreateRequest, CommentListRequest, CommentUpdateRequest } from './community/comments.schemas';
export * from './community/reviews.dto';
export type { AnimeReviewListRequest, PendingReviewsRequest, ReviewCreateRequest, ReviewListRequest, ReviewUpdateRequest } from './community/reviews.schemas';
export * from './community/news.dto';
export type { NewsCreateRequest, NewsListRequest, NewsUpdateRequest } from './community/news.schemas';
export * from './community/profile-activity.dto';
export type { UserCommentsRequest, UserReviewsRequest } from './community/profile-activity.schemas';
export * from './community/amv.dto';
export type { AmvAdjacentRequest, AmvCreateRequest, AmvListRequest, AmvUpdateRequest } from './community/amv.schemas';
export * from './community/orders.dto';
export type { OrderCreateRequest, OrderIdRequest, OrderListRequest, OrderStatusRequest } from './community/orders.schemas';
export * from './community/rankings.dto';
export * from './rewards/ranks.dto';
export * from './rewards/cards.dto';
export * from './rewards/points.dto';
export * from './community/quizzes.dto';
export type {
  QuizIdRequest,
  QuizListRequest,
  QuizPageRequest,
  QuizRejectRequest,
  QuizResultRequest,
  QuizUpdateRequest,
  QuizWriteInput,
  QuizWriteRequest,
} from './community/quizzes.schemas';
export * from './moderation/reports.dto';
export * from './moderation/stats.dto';
export * from './moderation/users-admin.dto';
export * from './moderation/bans.dto';
export type { BanRequest, ChatMuteRequest, IpBanCreateRequest, IpBanDeleteRequest, UserSanctionRequest } from './moderation/bans.schemas';
export type { AuditLogEntry, AuditLogQuery, StatsQuery } from './moderation/moderation.schemas';
export type { ReportCreateRequest, ReportDecisionRequest, ReportQueueRequest } from './moderation/reports.schemas';
export * from './media/episode.dto';
export * from './media/episode-uploads.dto';
export * from './media/episode-tracks.dto';
export * from './community/track-choices.dto';
export * from './realtime/realtime-events';
export * from './realtime/watch-party';
export type { WatchPartyControlAction } from './realtime/watch-party.schemas';
export type { WatchPartyJoined, WatchPartyReply } from './realtime/watch-party.answers';
export type { PresenceSnapshot, PresenceVisitor, PresenceVisitorKind } from './realtime/presence.schemas';
export type { PresenceReportAnswer } from './realtime/online.answers';
export * from './platform/services';
export * from './events/event-map';
export * from './events/queues';
export * from './rpc/rpc-map';
export * from './rpc/rpc-kinds';
// Zod-free helpers of the operation declarations (the declarations themselves: `@portal/contracts/operations`).
export * from './operations/define-operation';

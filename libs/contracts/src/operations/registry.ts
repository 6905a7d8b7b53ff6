import {
  ANIME_POSTER_OPERATIONS,
  CATALOGUE_OPERATIONS,
  COLLECTIONS_OPERATIONS,
  EPISODES_OPERATIONS,
  PEOPLE_OPERATIONS,
} from '../catalogue/catalogue.operations';
import { EPISODE_UPLOAD_OPERATIONS } from '../catalogue/episode-uploads.operations';
import { EPISODE_TRACK_OPERATIONS } from '../catalogue/episode-tracks.operations';
import { ANIME_ADMIN_OPERATIONS, CATALOGUE_METADATA_OPERATIONS, COLLECTIONS_ADMIN_OPERATIONS } from '../catalogue/catalogue-admin.operations';
import { ACCOUNTS_OPERATIONS, SESSION_OPERATIONS, TELEGRAM_OPERATIONS } from '../auth/auth.operations';
import { LISTS_OPERATIONS } from '../community/library.operations';
import { PROGRESS_OPERATIONS, PROGRESS_SAVES_OPERATIONS } from '../community/progress.operations';
import { TRACK_CHOICE_OPERATIONS } from '../community/track-choices.operations';
import { AMV_OPERATIONS, AMV_PLAYLIST_OPERATIONS, AMV_VIEW_OPERATIONS } from '../community/amv.operations';
import { NEWS_OPERATIONS } from '../community/news.operations';
import { COMMENTS_OPERATIONS } from '../community/comments.operations';
import { PROFILE_ACTIVITY_OPERATIONS } from '../community/profile-activity.operations';
import { NOTIFICATIONS_OPERATIONS } from '../community/notifications.operations';
import { ORDERS_OPERATIONS } from '../community/orders.operations';
import { RANKINGS_OPERATIONS } from '../community/rankings.operations';
import { QUIZZES_OPERATIONS } from '../community/quizzes.operations';
import { REVIEWS_OPERATIONS } from '../community/reviews.operations';
import { BANS_OPERATIONS } from '../moderation/bans.operations';
import { REPORTS_OPERATIONS } from '../moderation/reports.operations';
import { AUDIT_LOG_OPERATIONS, STATS_OPERATIONS } from '../moderation/site-admin.operations';
import { CARDS_OPERATIONS, ECONOMY_OPERATIONS } from '../rewards/rewards.operations';
import { CHAT_OPERATIONS } from '../realtime/chat.operations';
import { ONLINE_OPERATIONS, PRESENCE_OPERATIONS } from '../realtime/online.operations';
import { WATCH_PARTY_OPERATIONS, WATCH_PARTY_SOCKET_OPERATIONS } from '../realtime/watch-party.operations';
import { type RpcKind, undeclaredKindOf } from '../rpc/rpc-kinds';
import type { AnswerOf, AnyOperation, HttpBinding, ParsedRequestOf, RoutedOperation } from './define-operation';

/** Every declared operation, by feature (docs/adding-an-operation.md). */
export const OPERATIONS = {
  news: NEWS_OPERATIONS,
  comments: COMMENTS_OPERATIONS,
  profileActivity: PROFILE_ACTIVITY_OPERATIONS,
  orders: ORDERS_OPERATIONS,
  rankings: RANKINGS_OPERATIONS,
  reviews: REVIEWS_OPERATIONS,
  quizzes: QUIZZES_OPERATIONS,
  reports: REPORTS_OPERATIONS,
  bans: BANS_OPERATIONS,
  auditLog: AUDIT_LOG_OPERATIONS,
  stats: STATS_OPERATIONS,
  cards: CARDS_OPERATIONS,
  economy: ECONOMY_OPERATIONS,
  notifications: NOTIFICATIONS_OPERATIONS,
  amv: AMV_OPERATIONS,
  amvPlaylist: AMV_PLAYLIST_OPERATIONS,
  amvViews: AMV_VIEW_OPERATIONS,
  lists: LISTS_OPERATIONS,
  accounts: ACCOUNTS_OPERATIONS,
  session: SESSION_OPERATIONS,
  telegram: TELEGRAM_OPERATIONS,
  anime: CATALOGUE_OPERATIONS,
  animePosters: ANIME_POSTER_OPERATIONS,
  people: PEOPLE_OPERATIONS,
  collections: COLLECTIONS_OPERATIONS,
  collectionsAdmin: COLLECTIONS_ADMIN_OPERATIONS,
  episodes: EPISODES_OPERATIONS,
  episodeUploads: EPISODE_UPLOAD_OPERATIONS,
  episodeTracks: EPISODE_TRACK_OPERATIONS,
  animeAdmin: ANIME_ADMIN_OPERATIONS,
  catalogueMetadata: CATALOGUE_METADATA_OPERATIONS,
  progress: PROGRESS_OPERATIONS,
  progressSaves: PROGRESS_SAVES_OPERATIONS,
  trackChoices: TRACK_CHOICE_OPERATIONS,
  chat: CHAT_OPERATIONS,
  watchParty: WATCH_PARTY_OPERATIONS,
  watchPartySocket: WATCH_PARTY_SOCKET_OPERATIONS,
  online: ONLINE_OPERATIONS,
  presence: PRESENCE_OPERATIONS,
};

export type Operations = typeof OPERATIONS;
export type OperationFeature = keyof Operations;
type DeclaredOperation = { [F in OperationFeature]: Operations[F][keyof Operations[F]] }[OperationFeature];

/** The RPC map's entries of the declared operations: what a handler receives and answers. */
export type OperationRpcMap = { [O in DeclaredOperation as O['pattern']]: { request: ParsedRequestOf<O>; response: AnswerOf<O> } };

const FEATURES: Record<string, Record<string, AnyOperation>> = OPERATIONS;
export const ALL_OPERATIONS: readonly AnyOperation[] = Object.values(FEATURES).flatMap((feature) => Object.values(feature));

const byPattern = new Map(ALL_OPERATIONS.map((operation) => [operation.pattern, operation]));

export const operationOf = (pattern: string): AnyOperation | undefined => byPattern.get(pattern);

/** Whether a pattern only reads: its operation's `kind` (health probes read; an unknown pattern is a write). */
export const kindOf = (pattern: string): RpcKind => byPattern.get(pattern)?.kind ?? undeclaredKindOf(pattern);

/** The HTTP routes of the declared operations by feature and name, without their schemas: what the web client needs at run time (web/vite.config.ts). */
export type OperationRoutes = { [F in OperationFeature]: { [N in keyof Operations[F] as Operations[F][N] extends RoutedOperation ? N : never]: HttpBinding } };

export function operationRoutes(): OperationRoutes {
  const routesOf = (feature: Record<string, AnyOperation>) =>
    Object.fromEntries(Object.entries(feature).flatMap(([name, operation]) => (operation.http ? [[name, operation.http]] : [])));
  return Object.fromEntries(Object.entries(OPERATIONS).map(([feature, operations]) => [feature, routesOf(operations)])) as OperationRoutes;
}

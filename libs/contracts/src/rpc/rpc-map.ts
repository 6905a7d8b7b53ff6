import type { ErrorCode, FieldError } from '../api/envelope';
import type { LoginRequest, ProfileUpdate, RegisterRequest } from '../auth/auth.schemas';
import type {
  AuthenticatedUser,
  AuthSession,
  Captcha,
  PublicUser,
  SelfUser,
  TelegramChannelInfo,
  UsernameAvailability,
} from '../auth/user.dto';
import type {
  AnimeDetails,
  AnimeListQuery,
  AnimeSort,
  AnimeStats,
  AnimeSummary,
  AnimeWrite,
  CharacterDetails,
  CharacterSummary,
  Collection,
  CollectionDetails,
  CollectionWrite,
  Genre,
  MetadataSyncProgress,
  SearchHit,
  SeiyuuDetails,
  Suggestion,
} from '../catalogue/anime.dto';
import type {
  AnimeListEntry,
  AnimeRatingSummary,
  AnimeRefLookup,
  ContinueWatchingItem,
  ListCounts,
  ListFileFormat,
  ListImportReport,
  ListStatus,
  ListStatusUpdate,
  ProgressPoint,
  ProgressSave,
  RatingUpdate,
} from '../community/library.dto';
import type { AnimeEpisodes } from '../media/episode.dto';
import type { ServiceHealth, ServiceName } from '../platform/services';
import type { ChatMessage } from '../realtime/realtime-events';

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

/** Every request/response pattern with its payload and result. Both sides import this map. */
export interface RpcMap extends Health {
  'auth.captcha.create': { request: Record<string, never>; response: Captcha };
  'auth.user.register': { request: RegisterRequest; response: AuthSession };
  'auth.user.login': { request: LoginRequest; response: AuthSession };
  'auth.session.verify': { request: Record<string, never>; response: { user: SelfUser } };
  'auth.profile.update': { request: ProfileUpdate; response: SelfUser };
  'auth.username.check': { request: { username: string }; response: UsernameAvailability };
  'auth.user.profile': { request: { username: string }; response: PublicUser };
  'auth.users.list': { request: PageQuery; response: Page<SelfUser> };
  'auth.user.set-admin': { request: { userId: string; isAdmin: boolean }; response: SelfUser };
  'auth.access.check': { request: Record<string, never>; response: { isAdmin: boolean } };
  'auth.telegram.channel-info': { request: Record<string, never>; response: TelegramChannelInfo };
  'moderation.audit-log.list': { request: PageQuery; response: Page<AuditLogEntry> };
  'catalogue.anime.list': { request: AnimeListQuery; response: Page<AnimeSummary> };
  'catalogue.anime.popular': { request: PageQuery; response: Page<AnimeSummary> };
  'catalogue.anime.top': { request: PageQuery; response: Page<AnimeSummary> };
  'catalogue.anime.new': { request: PageQuery; response: Page<AnimeSummary> };
  'catalogue.anime.get': { request: { id: string }; response: AnimeDetails };
  'catalogue.anime.stats': { request: { id: string }; response: AnimeStats };
  'catalogue.anime.search': { request: { title: string; limit?: number }; response: SearchHit[] };
  'catalogue.anime.suggest': { request: { q: string; limit?: number }; response: Suggestion[] };
  'catalogue.anime.poster': { request: { id: string }; response: { svg: string } };
  'catalogue.anime.create': { request: AnimeWrite; response: AnimeDetails };
  'catalogue.anime.patch': { request: { id: string; anime: AnimeWrite }; response: AnimeDetails };
  'catalogue.anime.delete': { request: { id: string }; response: { id: number; deleted: true } };
  'catalogue.posters.update': { request: Record<string, never>; response: { queued: number } };
  'catalogue.poster.save': { request: { animeId: number | string; posterUrl: string }; response: AnimeDetails };
  'catalogue.genres.list': { request: Record<string, never>; response: Genre[] };
  'catalogue.genre.anime': {
    request: PageQuery & { genre: string; sort?: AnimeSort };
    response: Page<AnimeSummary> & { genre: Genre };
  };
  'catalogue.characters.list': { request: PageQuery & { search?: string }; response: Page<CharacterSummary> };
  'catalogue.character.get': { request: { id: string }; response: CharacterDetails };
  'catalogue.seiyuu.get': { request: { id: string }; response: SeiyuuDetails };
  'catalogue.collections.list': { request: PageQuery; response: Page<Collection> };
  'catalogue.collections.featured': { request: Record<string, never>; response: Collection[] };
  'catalogue.collection.get': { request: { id: string }; response: CollectionDetails };
  'catalogue.collection.create': { request: CollectionWrite; response: CollectionDetails };
  'catalogue.collection.update': {
    request: { id: string; collection: CollectionWrite };
    response: CollectionDetails & { replacedCover: string | null };
  };
  'catalogue.collection.delete': { request: { id: string }; response: { id: number; deleted: true; cover: string | null } };
  'catalogue.metadata.sync': { request: { shikimoriIds?: number[]; all?: boolean }; response: { queued: number } };
  'catalogue.metadata.progress': { request: Record<string, never>; response: MetadataSyncProgress };
  'catalogue.parser.parse': { request: { shikimoriId: number; kodikId?: string | number }; response: { jobId: string } };
  'catalogue.images.search': { request: { id: string }; response: { images: Array<{ original: string; preview: string }> } };
  'catalogue.images.set-background': { request: { id: string; backgroundUrl: string }; response: { jobId: string } };
  /** Display slices of titles by catalogue or Shikimori id, for the community's read model; unknown ids are left out. */
  'catalogue.anime.refs': { request: { ids: number[] }; response: AnimeRefLookup[] };
  'catalogue.episodes.list': { request: { animeId: string }; response: AnimeEpisodes };
  'community.list.update': { request: ListStatusUpdate; response: AnimeListEntry };
  'community.list.remove': { request: { animeId: string }; response: { animeId: number; removed: true } };
  'community.list.entry': { request: { animeId: string }; response: AnimeListEntry | null };
  /** Someone's list: the caller's own without `username`, a public profile's with it. */
  'community.list.get': {
    request: PageQuery & { username?: string; status?: ListStatus };
    response: Page<AnimeListEntry> & { counts: ListCounts };
  };
  /** Without `format` the file's first character decides: `<` MyAnimeList XML, `[` Shikimori JSON. */
  'community.list.import': { request: { format?: ListFileFormat; content: string }; response: ListImportReport };
  'community.list.export': { request: { format: ListFileFormat }; response: { filename: string; contentType: string; body: string } };
  'community.rating.set': { request: RatingUpdate; response: AnimeRatingSummary };
  /**
   * Many viewers' saves in one message: the gateway coalesces POST /api/progress calls arriving
   * within a millisecond or so. `userId` is the verified token's user; each item is answered alone.
   */
  'community.progress.save-many': {
    request: { items: Array<ProgressSave & { userId: string; username: string }> };
    response: Array<{ ok: true; point: ProgressPoint } | { ok: false; error: RpcErrorPayload }>;
  };
  'community.progress.get': { request: { animeId: string; episode?: string }; response: ProgressPoint | null };
  /** Without `episode` every position of the title is forgotten. */
  'community.progress.delete': { request: { animeId: string; episode?: string }; response: { deleted: boolean } };
  'community.progress.continue': { request: { limit?: number }; response: ContinueWatchingItem[] };
  'chat.messages.list': { request: { before?: string; limit?: number }; response: { items: ChatMessage[]; nextCursor: string | null } };
  /** `avatar` is the author's, looked up by the gateway. */
  'chat.message.post': { request: { message: string; avatar: string | null }; response: ChatMessage };
  'chat.message.delete': { request: { id: string }; response: { id: string; deleted: true } };
}

export interface AuditLogEntry {
  id: string;
  eventName: string;
  subjectUserId: string;
  details: Record<string, unknown>;
  occurredAt: string;
}

export type RpcPattern = keyof RpcMap;
export type RpcRequestOf<P extends RpcPattern> = RpcMap[P]['request'];
export type RpcResponseOf<P extends RpcPattern> = RpcMap[P]['response'];

export const healthPattern = <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`;

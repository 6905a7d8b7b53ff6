import type { ListStatus } from '../community/library.dto';
import type { NotificationKind } from '../community/notifications.dto';
import type { TitleRef } from '../community/library.dto';
import type { ReportAction, ReportTarget } from '../moderation/reports.dto';
import type { UserSanction } from '../moderation/bans.dto';
import type { ServiceName } from '../platform/services';
import type { RankChanged } from '../rewards/points.dto';
import type { CardGrantSource, CardRarity } from '../rewards/cards.dto';

/** A card as the audit log records an admin's change of it. */
export interface CardAuditState {
  title: string;
  description: string;
  rarity: CardRarity;
  weight: number;
  file: string;
  retired: boolean;
}

/** What an admin's content action in an owner service was about (the audit log's `admin.<target>.<action>`). */
export type AdminActionTarget = 'anime' | 'collection' | 'poster' | 'news' | 'news-settings' | 'review' | 'quiz' | 'comment' | 'order' | 'amv' | 'chat-message';

/**
 * An admin created, changed, moderated or removed content a service owns (docs/moderation.md, «Audit log»).
 * The owner publishes it in the transaction of the change; the moderation records it as the audit entry
 * `admin.<target>.<action>` (e.g. `admin.anime.updated`, `admin.review.approved`).
 */
export interface AdminAction {
  actorId: string;
  target: AdminActionTarget;
  /** The id as the owner keys it (a title's number as a string, a uuid, a chat message's number). */
  targetId: string;
  /** A past-tense verb: created, updated, deleted, approved, rejected, released, … */
  action: string;
  /** Whose content it is, when it has an author (the audit log's «about whom»); null for catalogue data. */
  subjectUserId: string | null;
  /** The fields the action changed, as they were and as they are (null before a creation, after a deletion). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Every event carries these. Consumers are idempotent on `eventId`. */
export interface EventBase {
  eventId: string;
  occurredAt: string;
}

/** The one typed map of events: `<service>.<entity>.<past-tense verb>` to its payload. */
export interface EventMap {
  'auth.user.registered': EventBase & { userId: string; username: string };
  /** `user`: the account's public slice as it is after the change (read models need not call back). */
  'auth.user.updated': EventBase & { userId: string; changedFields: string[]; user: UserPublicSlice };
  /** An admin granted or revoked a user's admin role (`actorId`); the audit log records it with before and after. */
  'auth.user.role.changed': EventBase & { userId: string; actorId: string; before: UserRoleState; after: UserRoleState };
  /** `title` is the title as it is after the change (absent when deleted): consumers need not call back. */
  'catalogue.anime.updated': EventBase & { animeId: number; change: 'created' | 'updated' | 'deleted'; title?: TitleRef };
  /** The titles one batch of a dataset re-import changed, as they now are. */
  'catalogue.anime.reimported': EventBase & { titles: TitleRef[] };
  /** A title got episodes it did not have (numbers ascending); `title` is its name as the catalogue shows it. */
  'catalogue.episodes.added': EventBase & { animeId: number; title: string; episodes: number[] };
  /** A list entry changed; `status` null = removed, `previousStatus` null = added. */
  'community.list.updated': EventBase & ListEntryChange;
  /** A viewer's score of a title; null = none (the entry was removed). */
  'community.rating.updated': EventBase & RatingChange;
  /** One import's changes in one event (at most LIST_IMPORT_EVENT_CHUNK each), applied in one transaction. */
  'community.list.imported': EventBase & {
    userId: string;
    entries: Array<Omit<ListEntryChange, 'userId'> & { rating: number | null; previousRating: number | null }>;
  };
  /** A comment or a reply was posted; `parentAuthorId` is whom a reply answers (null for a thread). */
  'community.comment.posted': EventBase & CommentEvent & { parentId: string | null; parentAuthorId: string | null };
  /** Someone (not the author) liked a comment. */
  'community.comment.liked': EventBase & CommentEvent & { likerId: string; likerUsername: string };
  /**
   * An admin approved a review (again after each edit the author made: a consumer granting something
   * once per review keys on `reviewId`).
   */
  'community.review.approved': EventBase & { reviewId: string; animeId: number; authorId: string; authorUsername: string };
  /** A user posted a review (it waits for moderation); the site statistics count it. */
  'community.review.posted': EventBase & { reviewId: string; animeId: number; authorId: string };
  /** An admin marked an order released: each of its voters (frozen from then on) is told and gets the title in «Запланировано», once per eventId. */
  'community.order.released': EventBase & { orderId: string; animeId: number; animeTitle: string };
  /**
   * A notification worth a Telegram notice (TELEGRAM_NOTICE_KINDS) was stored for `userId`; `text` is
   * its Russian text as the bell shows it, so the auth service, which holds the user's Telegram
   * chat and opt-in, sends it without calling back.
   */
  'community.notification.created': EventBase & { notificationId: string; userId: string; kind: NotificationKind; text: string };
  /**
   * The server scored a quiz attempt. `success` is the score reaching the success share (80 % by default);
   * `firstSuccess` is this user's first success on this quiz (what the quiz ranking counts).
   */
  'community.quiz.result.recorded': EventBase & QuizResultRecorded;
  /**
   * The player's progress showed an episode actually watched: the reported position reached 80 % of
   * its duration no faster than the wall clock allows since the first report. Once per user, title and episode.
   */
  'community.episode.watched': EventBase & { userId: string; animeId: number; episode: number };
  /** A user's XP crossed a rank step (docs/rewards.md, «Points and ranks»): auth stores the rank on the user. */
  'rewards.rank.changed': EventBase & RankChanged & { userId: string };
  /**
   * A card grant decided inside a rewards transaction (the watching card of every N episodes): the
   * rewards service itself queues the grant once that has committed (docs/rewards.md, «Grants and exactly once»).
   */
  'rewards.grant.requested': EventBase & { key: string; userId: string; source: CardGrantSource };
  /** An admin added, changed or retired a card (docs/rewards.md, «Карточки»): the audit log records who, before and after. */
  'rewards.card.changed': EventBase & {
    cardId: string;
    actorId: string;
    action: 'created' | 'updated' | 'retired';
    before: CardAuditState | null;
    after: CardAuditState;
  };
  /** An admin's action on catalogue data (titles, collections, posters): the audit log records it. */
  'catalogue.admin.acted': EventBase & AdminAction;
  /** An admin's action on community content (news, reviews, quizzes, comments, orders, AMV): the audit log records it. */
  'community.admin.acted': EventBase & AdminAction;
  /** An admin deleted a chat message: the audit log records it. */
  'chat.admin.acted': EventBase & AdminAction;
  /** A user's message in the shared chat (not a system message); the site statistics count it. */
  'chat.message.posted': EventBase & { messageId: string; userId: string };
  /** Enough distinct users reported the content: its owner hides it from others until an admin decides (docs/moderation.md). */
  'moderation.content.held': EventBase & { target: ReportTarget };
  /** An admin decided on held content without deleting it: its owner shows it again. */
  'moderation.content.released': EventBase & { target: ReportTarget };
  /** An admin resolved or rejected a report case: each of its reporters is told the outcome once. */
  'moderation.report.decided': EventBase & ReportDecided;
  /** An admin warned, banned, muted, renamed or pardoned a user: the community tells the user (docs/moderation.md, «Bans»). */
  'moderation.user.sanctioned': EventBase & { userId: string; sanction: UserSanction };
}

export interface ReportDecided {
  caseId: string;
  target: ReportTarget;
  action: ReportAction;
  contentDeleted: boolean;
  reporterIds: string[];
}

export interface QuizResultRecorded {
  quizId: string;
  attemptId: string;
  userId: string;
  score: number;
  totalQuestions: number;
  success: boolean;
  firstSuccess: boolean;
}

export interface UserRoleState {
  isAdmin: boolean;
  /** Absent in events written before the uploader role existed. */
  isUploader?: boolean;
  group: string;
}

/** What other services may keep of an account to show it (comment authors). */
export interface UserPublicSlice {
  username: string;
  displayName: string;
  avatar: string | null;
  rank: string;
}

/** What a comment event says of its comment: enough for a notification without calling back. */
export interface CommentEvent {
  commentId: string;
  /** The generic target: a title today (`anime`, its catalogue id as text), news and AMVs later. */
  targetType: 'anime' | 'news' | 'amv';
  targetId: string;
  authorId: string;
  authorUsername: string;
  /** The first 140 characters of the content (a spoiler's excerpt is left empty). */
  excerpt: string;
}

export interface ListEntryChange {
  userId: string;
  animeId: number;
  status: ListStatus | null;
  previousStatus: ListStatus | null;
  progress: number;
}

export interface RatingChange {
  userId: string;
  animeId: number;
  rating: number | null;
  previousRating: number | null;
}

export const LIST_IMPORT_EVENT_CHUNK = 500;

export type EventName = keyof EventMap;
export type EventPayload<E extends EventName> = EventMap[E];
/** A payload before the outbox stamps it with an id and a time. */
export type EventData<E extends EventName> = Omit<EventMap[E], keyof EventBase>;

/**
 * Which services consume each event. The outbox relay delivers one durable job per consumer, so a
 * consumer that is down or reconnecting still gets the event when it comes back.
 */
export const EVENT_CONSUMERS: { [E in EventName]: readonly ServiceName[] } = {
  // The community keeps a read model of accounts (user_refs) to show comment authors.
  // The moderation also counts registrations per day for the site statistics.
  'auth.user.registered': ['moderation', 'chat', 'community', 'rewards'],
  'auth.user.updated': ['moderation', 'community'],
  // The moderation's audit log records who changed whose role (docs/moderation.md, «Users»).
  'auth.user.role.changed': ['moderation'],
  // The catalogue listens to itself: the durable path that drops cached lists after every change.
  // The community refreshes its copy of the title (name, poster, episode count) for the lists.
  'catalogue.anime.updated': ['catalogue', 'community'],
  // The catalogue drops its response cache once after an import; only the lists' copies follow each batch.
  'catalogue.anime.reimported': ['community'],
  // The community publishes «Вышла N серия …» once per episode (unless admins turned automatic news off).
  'catalogue.episodes.added': ['community'],
  // The catalogue keeps per-title list counts and the score distribution for /anime/{id}/stats;
  // the community's rankings count completed titles, scores given and each title's scores from them.
  'community.list.updated': ['catalogue', 'community', 'rewards'],
  'community.rating.updated': ['catalogue', 'community'],
  'community.list.imported': ['catalogue', 'community', 'rewards'],
  // The community's notifications follow its own comments (a reply or a like tells the author);
  // the moderation counts comments, reviews and chat messages per day (docs/moderation.md, «Statistics»).
  'community.comment.posted': ['community', 'moderation'],
  'community.comment.liked': ['community', 'rewards'],
  // The rewards service credits points, grants the review card and the first-review achievement (docs/rewards.md).
  'community.review.approved': ['rewards'],
  'community.review.posted': ['moderation'],
  'chat.message.posted': ['moderation'],
  'community.order.released': ['community'],
  // The auth service sends it to the user's Telegram when they opted in (docs/telegram-and-vk.md).
  'community.notification.created': ['auth'],
  // The rankings count first successes; the rewards service credits quiz points for them.
  'community.quiz.result.recorded': ['community', 'rewards'],
  // Points, streaks and the watching card of each REWARDS_EPISODES_PER_CARD episodes.
  // The moderation counts episodes watched per day for the site statistics.
  'community.episode.watched': ['rewards', 'moderation'],
  // Auth stores the rank on the user; the rewards service pushes `reward:rank` once it is committed.
  'rewards.rank.changed': ['auth', 'rewards'],
  // The rewards service queues a grant it decided in a transaction, after that commit (no queue add inside one).
  'rewards.grant.requested': ['rewards'],
  // The moderation's audit log records the admins' card changes.
  'rewards.card.changed': ['moderation'],
  // The moderation's audit log records every admin action on content, from the owner's transaction.
  'catalogue.admin.acted': ['moderation'],
  'community.admin.acted': ['moderation'],
  'chat.admin.acted': ['moderation'],
  // The community hides and shows its comments and reviews, and tells the reporters (docs/moderation.md).
  'moderation.content.held': ['community'],
  'moderation.content.released': ['community'],
  'moderation.report.decided': ['community'],
  'moderation.user.sanctioned': ['community'],
};

/** Event names are `<service>.<entity>.<verb>`, so the publisher is the first segment. */
export const publishesEvents = (service: ServiceName): boolean => Object.keys(EVENT_CONSUMERS).some((name) => name.startsWith(`${service}.`));
